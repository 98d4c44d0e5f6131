/** Sign-up, verification and login calls (docs/product.md §3, §7, §10). */
import { z } from 'zod';
import { signupFields } from './field-rules.js';
import { email, text } from './fields.js';
import { LIMITS } from './limits.js';
import { MSG } from './messages.js';

export const signupBody = z.object(signupFields, { error: MSG.fillAllFields });
export type SignupBody = z.input<typeof signupBody>;

export const signupAnswer = z.object({ msg: z.string() });

/**
 * The browser's time zone, sent with a sign-up's code and a login: kept on an account that has
 * none yet (docs/account.md, "Time zone"). Loose here, checked by the server, so an odd browser
 * never blocks a login; /settings refuses a bad one at its field.
 */
const browserTimeZone = z.string().max(64).optional();

export const verifyBody = signupBody.extend({
  timeZone: browserTimeZone,
  otp: text('Verification code', { error: MSG.otpFormat })
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
  { email, password: text('Password', { error: MSG.fillAllFields }).min(1, MSG.fillAllFields).max(LIMITS.passwordMax, MSG.wrongCredentials), timeZone: browserTimeZone },
  { error: MSG.fillAllFields },
);
export type LoginBody = z.input<typeof loginBody>;

/**
 * POST /api/audition/web/resend-otp: a sign-up never confirmed, with the name and phone it
 * was made with; `sent` false when its last code is under a minute old (and still good),
 * `resendIn` the seconds until a new one may be sent.
 */
export const pendingSignupAnswer = z.object({
  msg: z.string(),
  fname: z.string(),
  number: z.string(),
  role: z.enum(['performer', 'studio']),
  sent: z.boolean(),
  resendIn: z.number().int(),
});
export type PendingSignupAnswer = z.infer<typeof pendingSignupAnswer>;

/** `role` tells the web app where a fresh login lands (docs/marketplace.md). */
export const loginAnswer = z.object({ token: z.string(), _id: z.string(), role: z.enum(['performer', 'studio']) });
export type LoginAnswer = z.infer<typeof loginAnswer>;
