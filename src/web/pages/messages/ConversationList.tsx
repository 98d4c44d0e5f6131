/** The conversations, newest first: the other side's picture and name, the last message, unread counts. */
import { Link, NavLink } from 'react-router';
import { CONVERSATION_MSG } from '../../../contract/conversations-texts';
import type { ConversationView } from '../../../contract/conversations';
import { MSG } from '../../../contract/messages';
import { useConversations } from '../../api/conversations';
import { session } from '../../api/session';
import { Avatar } from './Avatar';
import { personName } from '../../../contract/names';
import { formatClock, formatWhen } from '../../lib/dates';

/** The other side's name as shown: a studio reads its performers' names capitalised (docs/product.md §2); a studio's own name is shown as written. */
export const otherName = (c: Pick<ConversationView, 'other'>) => (session.isStudio() ? personName(c.other.name) : c.other.name);

export function ConversationList() {
  const conversations = useConversations();
  if (conversations.isPending) return <p role="status" className="muted">{MSG.loading}</p>;
  if (conversations.isError) return <p role="alert">{conversations.error.message}</p>;
  const list = conversations.data.conversations;
  if (list.length === 0) {
    return (
      <div className="msg-empty">
        <p><strong>{CONVERSATION_MSG.empty}</strong></p>
        <p className="muted">{session.isStudio() ? CONVERSATION_MSG.emptyStudio : CONVERSATION_MSG.emptyPerformer}</p>
        <Link className="btn btn-secondary" to={session.isStudio() ? '/dashboard' : '/jobs'}>
          {session.isStudio() ? CONVERSATION_MSG.toDashboard : CONVERSATION_MSG.toJobs}
        </Link>
      </div>
    );
  }
  return (
    <ul className="msg-list">
      {list.map((c) => (
        <li key={c._id}>
          <ConversationRow c={c} />
        </li>
      ))}
    </ul>
  );
}

function ConversationRow({ c }: { c: ConversationView }) {
  const last = c.lastMessage;
  return (
    <NavLink to={`/messages/${c._id}`} className={({ isActive }) => `msg-row${isActive ? ' is-active' : ''}${c.unread > 0 ? ' is-unread' : ''}`}>
      <Avatar name={otherName(c)} picture={c.other.picture} />
      <span className="msg-row-main">
        <span className="msg-row-top">
          <span className="msg-row-name">{otherName(c)}</span>
          <time className="msg-row-time muted" dateTime={c.updatedAt}>{shortTime(c.updatedAt)}</time>
        </span>
        <span className="msg-row-last muted">
          {last ? `${last.mine ? `${CONVERSATION_MSG.you}: ` : ''}${last.text}` : c.jobTitle ? CONVERSATION_MSG.aboutJob(c.jobTitle) : CONVERSATION_MSG.noMessagesYet}
        </span>
      </span>
      {c.unread > 0 && (
        <span className="msg-unread" aria-label={CONVERSATION_MSG.unread(c.unread)}>
          {c.unread}
        </span>
      )}
    </NavLink>
  );
}

/** Today's time with its zone, else the day ("yesterday", "3 days ago", "10 Dec 2026"): src/web/lib/dates.ts. */
export function shortTime(iso: string): string {
  const d = new Date(iso);
  return new Date().toDateString() === d.toDateString() ? formatClock(d) : formatWhen(d);
}
