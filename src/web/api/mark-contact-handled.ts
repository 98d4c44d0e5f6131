/** POST /api/admin/contact/{id}/handled: the console's figures and contact list show it handled. */
import { api } from './client';
import { adminKey } from './admin-overview';
import { queryClient } from './query-client';
import { useWrite, type WriteHandlers } from './use-write';

export async function markContactHandled(id: string) {
  const answer = await api<{ msg: string }>(`/api/admin/contact/${encodeURIComponent(id)}/handled`, { method: 'POST' });
  await queryClient.invalidateQueries({ queryKey: adminKey });
  return answer;
}

/** Marks a contact message handled, from the admin console. */
export function useMarkContactHandled(handlers: WriteHandlers<string, { msg: string }, never>) {
  return useWrite(markContactHandled, handlers);
}
