/** POST /api/auth/forgot-password: mails a reset link; its answer says the same whether or not the address has an account. */
import { api } from './client';
import { useWrite, type WriteHandlers } from './use-write';

export const sendResetLink = (email: string) => api<{ msg: string }>('/api/auth/forgot-password', { json: { email }, auth: false });

/** Sends the reset link, from /forgot-password. */
export function useSendResetLink<K extends string>(handlers: WriteHandlers<string, { msg: string }, K>) {
  return useWrite(sendResetLink, handlers);
}
