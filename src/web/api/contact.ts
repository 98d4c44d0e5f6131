/** POST /api/contact (docs/product.md §7): the token when logged in, so the message is the account's (docs/security.md). */
import type { ContactBody } from '../../contract/contact';
import { api } from './client';

export const sendContact = (body: ContactBody) => api<{ msg: string }>('/api/contact', { json: body });
