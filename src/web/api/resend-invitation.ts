/** POST /api/studio/members/{id}/resend: "Send again", a fresh link; the old one dies. */
import { api } from './client';
import { useWrite, type WriteHandlers } from './use-write';

export const resendInvitation = (id: string) => api<{ msg: string }>(`/api/studio/members/${encodeURIComponent(id)}/resend`, { json: {} });

export function useResendInvitation(handlers: WriteHandlers<string, { msg: string }, never>) {
  return useWrite(resendInvitation, handlers);
}
