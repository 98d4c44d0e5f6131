/** The contact form's call, POST /api/contact (docs/product.md §2, §3, §5, §7). */
import { z } from 'zod';
import { contactFields } from './field-rules.js';
import { MSG } from './messages.js';

export { CONTACT_LIMITS } from './contact-limits.js';

export const contactBody = z.object(contactFields, { error: MSG.fillAllFields });
export type ContactBody = z.input<typeof contactBody>;

export const contactAnswer = z.object({ msg: z.string() });
