/**
 * One conversation: older pages load on scroll up (or with the button), new messages
 * arrive live, sending shows its state and a failed message can be sent again, and the
 * other side's read mark shows as "Seen" (docs/messages.md).
 */
import { WHO_MSG } from '../../../contract/who-did-what-texts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CONVERSATION_MSG } from '../../../contract/conversations-texts';
import type { MessageView } from '../../../contract/conversations';
import { MSG } from '../../../contract/messages';
import { ApiError } from '../../api/client';
import { blockConversation, markRead, sendMessage } from '../../api/conversation-actions';
import { useThread } from '../../api/conversation-messages';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Avatar } from './Avatar';
import { Composer } from './Composer';
import { otherName, shortTime } from './ConversationList';
import { MessageText } from './MessageText';

interface Pending {
  key: number;
  text: string;
  state: 'sending' | 'failed';
  error?: string;
}

let pendingKeys = 0;

export function ConversationThread({ id }: { id: string }) {
  const thread = useThread(id);
  const [pending, setPending] = useState<Pending[]>([]);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const readUpTo = useRef(0);

  const pages = thread.data?.pages ?? [];
  const conversation = pages[0]?.conversation;
  const messages: MessageView[] = pages
    .slice()
    .reverse()
    .flatMap((p) => p.messages);
  const newest = messages.at(-1);
  useDocumentTitle(conversation && `${otherName(conversation)} · ${CONVERSATION_MSG.title}`);

  useEffect(() => setPending([]), [id]);

  // Reading the thread marks it read, each time a message of the other side arrives.
  useEffect(() => {
    if (!newest || newest.mine || newest._id <= readUpTo.current) return;
    readUpTo.current = newest._id;
    markRead(id).catch(() => {});
  }, [id, newest]);

  // Keeps the view where it was when older messages are added above; otherwise follows the newest.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages.length, pending.length]);

  // Scrolling up to the top loads the previous page.
  useEffect(() => {
    const el = top.current;
    if (!el || !thread.hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadOlder();
    });
    observer.observe(el);
    return () => observer.disconnect();
  });

  function loadOlder() {
    if (!thread.hasNextPage || thread.isFetchingNextPage) return;
    const el = scroller.current;
    keepFromBottom.current = el ? el.scrollHeight - el.scrollTop : null;
    void thread.fetchNextPage();
  }

  async function deliver(item: Pending) {
    setPending((list) => list.map((p) => (p.key === item.key ? { ...p, state: 'sending', error: undefined } : p)));
    try {
      await sendMessage(id, item.text);
      setPending((list) => list.filter((p) => p.key !== item.key));
    } catch (err) {
      setPending((list) => list.map((p) => (p.key === item.key ? { ...p, state: 'failed', error: (err as Error).message } : p)));
    }
  }

  function send(text: string) {
    pendingKeys += 1;
    const item: Pending = { key: pendingKeys, text, state: 'sending' };
    setPending((list) => [...list, item]);
    void deliver(item);
  }

  async function block() {
    setConfirmBlock(false);
    await blockConversation(id);
  }

  if (thread.isPending) return <p role="status" className="muted msg-thread-state">{MSG.loading}</p>;
  if (thread.isError) {
    return (
      <div className="msg-thread-state">
        <h1>{CONVERSATION_MSG.title}</h1>
        <p role="alert">{thread.error instanceof ApiError && thread.error.status === 404 ? CONVERSATION_MSG.notFound : thread.error.message}</p>
        <Link to="/messages">{CONVERSATION_MSG.back}</Link>
      </div>
    );
  }
  const c = conversation!;
  const lastSeen = [...messages].reverse().find((m) => m.mine && m._id <= c.otherReadUpTo);

  return (
    <section className="msg-thread" aria-labelledby="thread-title">
      <header className="msg-thread-head">
        <Link to="/messages" className="msg-back" aria-label={CONVERSATION_MSG.back}>←</Link>
        <Avatar name={otherName(c)} picture={c.other.picture} />
        <div className="msg-thread-who">
          <h1 id="thread-title">{otherName(c)}</h1>
          {c.jobTitle && <p className="muted">{CONVERSATION_MSG.aboutJob(c.jobTitle)}</p>}
        </div>
        {!c.blocked && c.other._id && (
          <button type="button" className="btn btn-ghost msg-block" onClick={() => setConfirmBlock(true)}>
            {CONVERSATION_MSG.block}
          </button>
        )}
      </header>
      <div className="msg-scroll" ref={scroller} tabIndex={0} aria-label={`${CONVERSATION_MSG.title}: ${otherName(c)}`}>
        <div ref={top} />
        {thread.hasNextPage && (
          <p className="msg-older">
            <button type="button" className="btn btn-ghost" onClick={loadOlder} disabled={thread.isFetchingNextPage}>
              {thread.isFetchingNextPage ? CONVERSATION_MSG.olderLoading : CONVERSATION_MSG.loadOlder}
            </button>
          </p>
        )}
        {messages.length === 0 && pending.length === 0 && <p className="muted msg-none">{CONVERSATION_MSG.noMessagesYet}</p>}
        <ol className="msg-bubbles">
          {messages.map((m) => (
            <li key={m._id} className={`msg-bubble ${m.mine ? 'is-mine' : 'is-theirs'}`} data-testid="message">
              <MessageText text={m.text} />
              <span className="msg-meta">
                {/* Who of the studio's casting office sent it (docs/team.md). */}
                {m.by && <span className="msg-by" data-testid="sent-by">{WHO_MSG.sentBy(m.by.name)} · </span>}
                <time dateTime={m.createdAt}>{shortTime(m.createdAt)}</time>
                {m === lastSeen && <span className="msg-seen" data-testid="seen"> · {CONVERSATION_MSG.seen}</span>}
              </span>
            </li>
          ))}
          {pending.map((p) => (
            <li key={`p${p.key}`} className={`msg-bubble is-mine is-${p.state}`} data-testid="pending-message">
              <MessageText text={p.text} />
              <span className="msg-meta" role={p.state === 'failed' ? 'alert' : 'status'}>
                {p.state === 'sending' ? (
                  CONVERSATION_MSG.sending
                ) : (
                  <>
                    {CONVERSATION_MSG.failed} {p.error}{' '}
                    <button type="button" className="msg-retry" onClick={() => void deliver(p)}>{CONVERSATION_MSG.retry}</button>
                  </>
                )}
              </span>
            </li>
          ))}
        </ol>
      </div>
      {c.blocked ? (
        <p className="msg-blocked" role="status">{CONVERSATION_MSG.blockedNote}</p>
      ) : !c.other._id ? (
        <p className="msg-blocked" role="status">{CONVERSATION_MSG.otherDeleted}</p>
      ) : (
        <Composer conversationId={id} disabled={false} onSend={send} />
      )}
      <ConfirmDialog
        open={confirmBlock}
        title={CONVERSATION_MSG.block}
        message={CONVERSATION_MSG.confirmBlock}
        confirmLabel={CONVERSATION_MSG.block}
        onConfirm={() => void block()}
        onCancel={() => setConfirmBlock(false)}
      />
    </section>
  );
}
