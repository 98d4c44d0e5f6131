/** POST /api/conversations { with, jobId? }: opens (or finds) the conversation with a person or studio (docs/messages.md). */
import type { ConversationView } from '../../contract/conversations';
import { startConversation } from './conversation-actions';
import { useWrite, type WriteHandlers } from './use-write';

type Vars = { with: string; jobId?: string };

export function useStartConversation(handlers: WriteHandlers<Vars, ConversationView, never>) {
  return useWrite(startConversation, handlers);
}
