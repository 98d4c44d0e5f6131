/** DELETE /api/studio/members/{id}: removes a member (its sessions end at once) or cancels an invitation. */
import { api } from './client';
import { queryClient } from './query-client';
import { membersKey } from './team';
import { useWrite, type WriteHandlers } from './use-write';

export async function removeMember(id: string) {
  const done = await api<{ msg: string }>(`/api/studio/members/${encodeURIComponent(id)}`, { method: 'DELETE' });
  await queryClient.invalidateQueries({ queryKey: membersKey });
  return done;
}

export function useRemoveMember(handlers: WriteHandlers<string, { msg: string }, never>) {
  return useWrite(removeMember, handlers);
}
