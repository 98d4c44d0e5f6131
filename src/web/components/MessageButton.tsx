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
import { startConversation } from '../api/conversation-actions';
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ msg: string; needsPlan: boolean } | null>(null);

  if (!session.isLoggedIn()) {
    return (
      <Link className={className} to={`/login?next=${encodeURIComponent(location.pathname)}`}>
        {CONVERSATION_MSG.message}
      </Link>
    );
  }
  if (!reach.data?.reachable) return null;

  async function open() {
    if (reach.data?.conversationId) return navigate(`/messages/${reach.data.conversationId}`);
    setBusy(true);
    setError(null);
    try {
      const conversation = await startConversation({ with: withId, ...(jobId ? { jobId } : {}) });
      navigate(`/messages/${conversation._id}`);
    } catch (err) {
      setError({ msg: (err as Error).message, needsPlan: err instanceof ApiError && err.status === 402 });
      setBusy(false);
    }
  }

  return (
    <div className="message-button">
      <button type="button" className={className} onClick={() => void open()} disabled={busy} aria-describedby={error ? `message-error-${withId}` : undefined}>
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
