/**
 * /messages and /messages/{id} (docs/messages.md): the conversations and one thread. At
 * 1280 px they stand side by side; on a phone they are two screens, the list at
 * /messages and the thread at /messages/{id}.
 */
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { CONVERSATION_MSG } from '../../../contract/conversations-texts';
import { holdLiveEvents } from '../../api/live-events';
import { ConversationList } from './ConversationList';
import { ConversationThread } from './ConversationThread';
import './messages.css';

export default function MessagesPage() {
  const { id = '' } = useParams();
  useEffect(() => holdLiveEvents(), []);
  return (
    <main className={`page msg-page${id ? ' has-thread' : ''}`}>
      {id ? <ConversationThread key={id} id={id} /> : <ListTitle />}
      <nav className="msg-side" aria-label={CONVERSATION_MSG.listLabel}>
        {id && <h2 className="msg-side-title">{CONVERSATION_MSG.title}</h2>}
        <ConversationList />
      </nav>
      {!id && <p className="msg-pick muted">{CONVERSATION_MSG.pick}</p>}
    </main>
  );
}

function ListTitle() {
  return <h1 className="msg-list-title">{CONVERSATION_MSG.title}</h1>;
}
