/**
 * POST /api/auth/reset-password: sets a new password through a mailed link, which ends every
 * session (docs/account.md); and the check of the link as /reset-password opens.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { queryClient } from './query-client';
import { useWrite, type WriteHandlers } from './use-write';

export interface NewPassword {
  token: string;
  password: string;
}

export const setNewPassword = ({ token, password }: NewPassword) =>
  api<{ msg: string }>('/api/auth/reset-password', { json: { token, password }, auth: false });

/** Sets the new password, from /reset-password. */
export function useSetNewPassword<K extends string>(handlers: WriteHandlers<NewPassword, { msg: string }, K>) {
  return useWrite(setNewPassword, handlers);
}

/**
 * Whether a mailed reset link still works, without using it (docs/account.md, "Checking a
 * link"): asked once as the page opens, never again, since using the link is what changes it.
 */
export function useResetLinkCheck(token: string) {
  return useQuery(
    {
      queryKey: ['reset-link-check', token],
      queryFn: () => api<{ msg: string }>('/api/auth/reset-password/check', { json: { token }, auth: false }),
      enabled: !!token,
      retry: false,
      staleTime: Infinity,
      gcTime: 0,
    },
    queryClient,
  );
}
