/** POST /api/contact (docs/product.md §7): no token. */
import type { ContactBody } from '../../contract/contact';
import { api } from './client';

export const sendContact = (body: ContactBody) => api<{ msg: string }>('/api/contact', { json: body, auth: false });
