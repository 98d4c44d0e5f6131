/**
 * The nav bar's Messages link with the unread total, kept live by the events stream
 * (docs/messages.md). Loaded lazily with the data layer, so the first load stays small.
 */
import { useEffect } from 'react';
import { NavLink } from 'react-router';
import { CONVERSATION_MSG } from '../../contract/conversations-texts';
import { useConversations } from '../api/conversations';
import { holdLiveEvents } from '../api/live-events';
import { session } from '../api/session';
import { useStudioRole } from './useStudioRole';

/** A viewer of a studio has no messages (docs/team.md): no link, and no call refused. */
export default function NavMessages() {
  const { role, can } = useStudioRole();
  if (session.isStudio() && (!role || !can('message'))) return null;
  return <MessagesLink />;
}

function MessagesLink() {
  const conversations = useConversations();
  useEffect(() => holdLiveEvents(), []);
  const unread = conversations.data?.unreadTotal ?? 0;
  return (
    <NavLink to="/messages" className="icon-btn nav-icon nav-messages" aria-label={unread > 0 ? `${CONVERSATION_MSG.title}, ${CONVERSATION_MSG.navUnread(unread)}` : CONVERSATION_MSG.title} title={CONVERSATION_MSG.title}>
      <MessagesIcon />
      {unread > 0 && (
        <span className="nav-badge" data-testid="nav-unread" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  );
}

export function MessagesIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
