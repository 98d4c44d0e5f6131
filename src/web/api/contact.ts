/** POST /api/contact (docs/product.md §7): the token when logged in, so the message is the account's (docs/security.md). */
import type { ContactBody } from '../../contract/contact';
import { api } from './client';
import { useWrite, type WriteHandlers } from './use-write';

export const sendContact = (body: ContactBody) => api<{ msg: string }>('/api/contact', { json: body });

/** Sends the contact form's message. */
export function useSendContact<K extends string>(handlers: WriteHandlers<ContactBody, { msg: string }, K>) {
  return useWrite(sendContact, handlers);
}
