/**
 * "Message": starts or reopens the conversation with a studio (a studio page's or a
 * job's) or, for a studio, with a performer (docs/messages.md). Hidden when nobody would
 * answer (a demo studio without an account, or the same kind of account). A visitor who
 * is not logged in goes to /login and comes back.
 */
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CONVERSATION_MSG } from '../../contract/conversations-texts';
import { ApiError } from '../api/client';
import { useStartConversation } from '../api/start-conversation';
import { useReach } from '../api/conversation-reach';
import { session } from '../api/session';
import './message-button.css';

interface Props {
  /** A studio page's id, a studio account's id, or (for a studio) a performer's id. */
  with: string;
  jobId?: string;
  className?: string;
}

export function MessageButton({ with: withId, jobId, className = 'btn btn-secondary' }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const reach = useReach(withId);
  const [error, setError] = useState<{ msg: string; needsPlan: boolean } | null>(null);
  const start = useStartConversation({
    onSuccess: (conversation) => navigate(`/messages/${conversation._id}`),
    onError: (err) => setError({ msg: err.message, needsPlan: err instanceof ApiError && err.status === 402 }),
  });
  // Pending, then on its way to the conversation: the button stays off until the page changes.
  const busy = start.isPending || start.isSuccess;

  if (!session.isLoggedIn()) {
    return (
      <Link className={className} to={`/login?next=${encodeURIComponent(location.pathname)}`}>
        {CONVERSATION_MSG.message}
      </Link>
    );
  }
  if (!reach.data?.reachable) return null;

  function open() {
    if (reach.data?.conversationId) return void navigate(`/messages/${reach.data.conversationId}`);
    setError(null);
    start.mutate({ with: withId, ...(jobId ? { jobId } : {}) });
  }

  return (
    <div className="message-button">
      <button type="button" className={className} onClick={open} disabled={busy} aria-describedby={error ? `message-error-${withId}` : undefined}>
        {CONVERSATION_MSG.message}
      </button>
      {error && (
        <p id={`message-error-${withId}`} className="message-button-error" role="alert">
          {error.msg} {error.needsPlan && <Link to="/subscription">Choose a plan</Link>}
        </p>
      )}
    </div>
  );
}
