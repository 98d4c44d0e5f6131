/** Sign-up, verification and login calls (spec §3, §7; DESIGN §4). */
import { z } from 'zod';
import { signupFields } from './field-rules.js';
import { email } from './fields.js';
import { LIMITS } from './limits.js';
import { MSG } from './messages.js';

export const signupBody = z.object(signupFields, { error: MSG.fillAllFields });
export type SignupBody = z.input<typeof signupBody>;

export const signupAnswer = z.object({ msg: z.string() });

export const verifyBody = signupBody.extend({
  otp: z
    .string({ error: MSG.otpFormat })
    .trim()
    .regex(new RegExp(`^\\d{${LIMITS.otpLength}}$`), MSG.otpFormat),
});
export type VerifyBody = z.input<typeof verifyBody>;

export const verifyAnswer = z.object({
  _id: z.string(),
  created: z.enum(['create', 'exist']),
});
export type VerifyAnswer = z.infer<typeof verifyAnswer>;

export const loginBody = z.object(
  { email, password: z.string({ error: MSG.fillAllFields }).min(1, MSG.fillAllFields).max(LIMITS.passwordMax, MSG.wrongCredentials) },
  { error: MSG.fillAllFields },
);
export type LoginBody = z.input<typeof loginBody>;

export const loginAnswer = z.object({ token: z.string(), _id: z.string() });
export type LoginAnswer = z.infer<typeof loginAnswer>;
