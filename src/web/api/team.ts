/** The casting office's reads (docs/team.md): who the caller is in the studio, and its members. */
import { useQuery } from '@tanstack/react-query';
import type { JoinInfo, MemberAnswer, TeamMe } from '../../contract/team';
import { api } from './client';
import { queryClient } from './query-client';

export type Member = MemberAnswer;

export const teamMeKey = ['studio', 'team', 'me'] as const;
export const membersKey = ['studio', 'members'] as const;
export const joinInfoKey = (token: string) => ['join', token] as const;

/** GET /api/studio/team/me: the member's name and role, and the studio's name. */
export const useTeamMe = (enabled = true) =>
  useQuery({ queryKey: teamMeKey, queryFn: ({ signal }) => api<TeamMe>('/api/studio/team/me', { signal }), enabled, staleTime: 60_000 }, queryClient);

/** GET /api/studio/members: owner first, then members, then invitations (joinedAt null). */
export const useMembers = (enabled = true) =>
  useQuery({ queryKey: membersKey, queryFn: ({ signal }) => api<Member[]>('/api/studio/members', { signal }), enabled }, queryClient);

/** GET /api/studio/join/{token}: the studio and role an invitation is for (410 used, 404 unknown). */
export const useJoinInfo = (token: string) =>
  useQuery({ queryKey: joinInfoKey(token), queryFn: ({ signal }) => api<JoinInfo>(`/api/studio/join/${encodeURIComponent(token)}`, { signal, auth: false }), retry: false }, queryClient);
