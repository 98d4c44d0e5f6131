/** The contact form's call, POST /api/contact (docs/product.md §2, §3, §5, §7). */
import { z } from 'zod';
import { email, phone, requiredText } from './fields.js';
import { CONTACT_LIMITS } from './contact-limits.js';
import { MSG } from './messages.js';

export { CONTACT_LIMITS } from './contact-limits.js';

export const contactBody = z.object(
  {
    email,
    number: phone,
    message: requiredText('Message', CONTACT_LIMITS.messageMax, { multiline: true }),
  },
  { error: MSG.fillAllFields },
);
export type ContactBody = z.input<typeof contactBody>;

export const contactAnswer = z.object({ msg: z.string() });
