/** POST /api/studio/members { email, role }: mails an invitation (owner only; docs/team.md). */
import type { MemberRole } from '../../contract/team-messages';
import { api } from './client';
import { queryClient } from './query-client';
import { membersKey, type Member } from './team';
import { useWrite, type WriteHandlers } from './use-write';

export interface InviteMemberBody { email: string; role: MemberRole }

export async function inviteMember(body: InviteMemberBody) {
  const made = await api<Member>('/api/studio/members', { json: body });
  await queryClient.invalidateQueries({ queryKey: membersKey });
  return made;
}

export function useInviteMember<K extends string>(handlers: WriteHandlers<InviteMemberBody, Member, K>) {
  return useWrite(inviteMember, handlers);
}
