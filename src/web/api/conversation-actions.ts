/** The conversation writes: start (or reopen), send, mark read, block (docs/messages.md); each updates the reads it changed. */
import type { ConversationView, MessageView } from '../../contract/conversations';
import { api, ApiError } from './client';
import { threadKey } from './conversation-messages';
import { conversationsKey } from './conversations';
import { addToThread } from './live-events';
import { queryClient } from './query-client';

export const startConversation = (body: { with: string; jobId?: string }) => api<ConversationView>('/api/conversations', { json: body });

/**
 * The sent message joins the thread at once; the list's preview follows. A 403 (blocked, or
 * no longer allowed) reloads the thread, which says why. Sending the same text to the same
 * conversation again after a failure carries the same Idempotency-Key (client.ts), so a
 * message stored after all is answered, not stored twice (docs/faults.md).
 */
export async function sendMessage(id: string, text: string) {
  try {
    const sent = await api<MessageView>(`/api/conversations/${encodeURIComponent(id)}/messages`, { json: { text } });
    addToThread(sent);
    void queryClient.invalidateQueries({ queryKey: conversationsKey });
    return sent;
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) void queryClient.invalidateQueries({ queryKey: threadKey(id) });
    throw err;
  }
}

export async function markRead(id: string) {
  const answer = await api<{ msg: string; upTo: number }>(`/api/conversations/${encodeURIComponent(id)}/read`, { method: 'POST' });
  await queryClient.invalidateQueries({ queryKey: conversationsKey });
  return answer;
}

/** Blocked or not (a failure leaves it as it was), the thread is read again and shows where it stands. */
export async function blockConversation(id: string) {
  await api<{ msg: string }>(`/api/conversations/${encodeURIComponent(id)}/block`, { method: 'POST' }).catch(() => {});
  await queryClient.invalidateQueries({ queryKey: threadKey(id) });
  void queryClient.invalidateQueries({ queryKey: conversationsKey });
}
