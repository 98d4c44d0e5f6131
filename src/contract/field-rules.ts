/**
 * The field rules the web forms check before sending, written once with zod/mini (a few
 * KB in the browser instead of the whole of zod): the server's schemas embed these very
 * schemas, so a rule, its regex and its message exist in one place.
 */
import * as z from 'zod/mini';
import { CONTACT_LIMITS } from './contact-limits.js';
import { LIMITS } from './limits.js';
import { MSG } from './messages.js';

/** C0 and C1 control characters and DEL: PostgreSQL refuses NUL, and none of them belongs in a form. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, except tab, line feed and carriage return, which a multi-line field keeps. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The check every text field starts with: no control characters (docs/product.md §5). */
const noControl = (label: string, multiline = false) =>
  z.refine<string>((value) => !(multiline ? CONTROL_MULTILINE : CONTROL).test(value), MSG.controlCharacters(label));

/** A required text: trimmed, not empty, bounded; `lowerCase` also lowercases it, `multiline` keeps tabs and line breaks. */
export const requiredText = (label: string, max: number = LIMITS.textMax, { lowerCase = false, multiline = false } = {}) =>
  z.string({ error: MSG.fillAllFields }).check(
    noControl(label, multiline),
    z.trim(),
    ...(lowerCase ? [z.toLowerCase()] : []),
    z.minLength(1, MSG.fillAllFields),
    z.maxLength(max, MSG.tooLong(label, max)),
  );

export const email = z
  .string({ error: MSG.fillAllFields })
  .check(
    noControl('Email'),
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, MSG.fillAllFields),
    z.maxLength(LIMITS.emailMax, MSG.tooLong('Email', LIMITS.emailMax)),
    z.regex(z.regexes.email, MSG.invalidEmail),
  );

export const password = z
  .string({ error: MSG.fillAllFields })
  .check(
    noControl('Password'),
    z.minLength(1, MSG.fillAllFields),
    z.minLength(LIMITS.passwordMin, MSG.passwordTooShort),
    z.maxLength(LIMITS.passwordMax, MSG.tooLong('Password', LIMITS.passwordMax)),
  );

export const phone = z
  .string({ error: MSG.fillAllFields })
  .check(
    noControl('Phone No.'),
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
  message: requiredText('Message', CONTACT_LIMITS.messageMax, { multiline: true }),
};
