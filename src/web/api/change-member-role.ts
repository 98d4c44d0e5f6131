/** PATCH /api/studio/members/{id} { role }: a member's or an invitation's role (owner only). */
import type { MemberRole } from '../../contract/team-messages';
import { api } from './client';
import { queryClient } from './query-client';
import { membersKey, type Member } from './team';
import { useWrite, type WriteHandlers } from './use-write';

export async function changeMemberRole({ id, role }: { id: string; role: MemberRole }) {
  const changed = await api<Member>(`/api/studio/members/${encodeURIComponent(id)}`, { method: 'PATCH', json: { role } });
  await queryClient.invalidateQueries({ queryKey: membersKey });
  return changed;
}

export function useChangeMemberRole(handlers: WriteHandlers<{ id: string; role: MemberRole }, Member, never>) {
  return useWrite(changeMemberRole, handlers);
}
