/**
 * The field rules the web forms check before sending, written once with zod/mini (a few
 * KB in the browser instead of the whole of zod): the server's schemas embed these very
 * schemas, so a rule, its regex and its message exist in one place.
 */
import * as z from 'zod/mini';
import { CONTACT_LIMITS } from './contact-limits.js';
import { LIMITS } from './limits.js';
import { MSG } from './messages.js';

/** A required text: trimmed, not empty, bounded; `lowerCase` also lowercases it. */
export const requiredText = (label: string, max: number = LIMITS.textMax, { lowerCase = false } = {}) =>
  z.string({ error: MSG.fillAllFields }).check(
    z.trim(),
    ...(lowerCase ? [z.toLowerCase()] : []),
    z.minLength(1, MSG.fillAllFields),
    z.maxLength(max, MSG.tooLong(label, max)),
  );

export const email = z
  .string({ error: MSG.fillAllFields })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, MSG.fillAllFields),
    z.maxLength(LIMITS.emailMax, MSG.tooLong('Email', LIMITS.emailMax)),
    z.regex(z.regexes.email, MSG.invalidEmail),
  );

export const password = z
  .string({ error: MSG.fillAllFields })
  .check(
    z.minLength(1, MSG.fillAllFields),
    z.minLength(LIMITS.passwordMin, MSG.passwordTooShort),
    z.maxLength(LIMITS.passwordMax, MSG.tooLong('Password', LIMITS.passwordMax)),
  );

export const phone = z
  .string({ error: MSG.fillAllFields })
  .check(
    z.trim(),
    z.minLength(1, MSG.fillAllFields),
    z.maxLength(LIMITS.phoneMax, MSG.tooLong('Phone No.', LIMITS.phoneMax)),
    z.regex(/^\d+$/, MSG.invalidPhone),
  );

/** The message of the first rule `value` breaks, or null when it keeps them all. */
export function firstProblem(schema: z.core.$ZodType, value: unknown): string | null {
  const result = z.safeParse(schema, value);
  return result.success ? null : (result.error.issues[0]?.message ?? MSG.somethingWentWrong);
}

/** Sign-up's fields, in the order their problems are told. */
export const signupFields = {
  fname: requiredText('Fullname', LIMITS.nameMax, { lowerCase: true }),
  email,
  number: phone,
  password,
};

/** The contact form's fields. */
export const contactFields = {
  email,
  number: phone,
  message: requiredText('Message', CONTACT_LIMITS.messageMax),
};
