/** GET /api/guardian/{token}: the guardian's consent page, no account; sent without the token of a signed-in account (docs/guardians.md). */
import { useQuery } from '@tanstack/react-query';
import type { GuardianAnswer } from '../../contract/guardians';
import { api } from './client';
import { queryClient } from './query-client';

export const guardianLinkKey = (token: string) => ['guardian-link', token] as const;

export const getGuardianLink = (token: string, signal?: AbortSignal) => api<GuardianAnswer>(`/api/guardian/${encodeURIComponent(token)}`, { signal, auth: false });

export const useGuardianLink = (token: string) => useQuery({ queryKey: guardianLinkKey(token), queryFn: ({ signal }) => getGuardianLink(token, signal), retry: false }, queryClient);
