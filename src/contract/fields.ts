/** Field schemas shared by several areas of the contract. */
import { z } from 'zod';
import { LIMITS } from './limits.js';
import { MSG } from './messages.js';

/** C0 and C1 control characters and DEL: PostgreSQL refuses NUL, and none of them belongs in a form. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, except tab, line feed and carriage return, which a multi-line field keeps. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export interface TextOptions {
  /** The string's own type error (default: "<label> must be text"). */
  error?: string;
  /** A multi-line field (a message) keeps tabs and line breaks. */
  multiline?: boolean;
}

/**
 * The one text schema every text field of the contract starts from: a string with no
 * control characters, so a NUL byte is a 400 `{ msg }` on every call and never reaches the
 * database (docs/product.md §5).
 */
export const text = (label: string, opts: TextOptions = {}) =>
  z
    .string({ error: opts.error ?? `${label} must be text` })
    .refine((value) => !(opts.multiline ? CONTROL_MULTILINE : CONTROL).test(value), MSG.controlCharacters(label));

/** A required text: trimmed, not empty, bounded. */
export const requiredText = (label: string, max: number = LIMITS.textMax, opts: TextOptions = {}) =>
  text(label, { error: MSG.fillAllFields, ...opts })
    .trim()
    .min(1, MSG.fillAllFields)
    .max(max, MSG.tooLong(label, max));

/** An optional text: trimmed, may be empty, bounded; absent reads as ''. */
export const optionalText = (label: string, max: number = LIMITS.textMax) =>
  text(label).trim().max(max, MSG.tooLong(label, max)).default('');

export const email = text('Email', { error: MSG.fillAllFields })
  .trim()
  .toLowerCase()
  .min(1, MSG.fillAllFields)
  .max(LIMITS.emailMax, MSG.tooLong('Email', LIMITS.emailMax))
  .regex(z.regexes.email, MSG.invalidEmail);

export const password = text('Password', { error: MSG.fillAllFields })
  .min(1, MSG.fillAllFields)
  .min(LIMITS.passwordMin, MSG.passwordTooShort)
  .max(LIMITS.passwordMax, MSG.tooLong('Password', LIMITS.passwordMax));

export const phone = text('Phone No.', { error: MSG.fillAllFields })
  .trim()
  .min(1, MSG.fillAllFields)
  .max(LIMITS.phoneMax, MSG.tooLong('Phone No.', LIMITS.phoneMax))
  .regex(/^\d+$/, MSG.invalidPhone);

/** The error body of every failed call. */
export const errorBody = z.object({ msg: z.string(), code: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBody>;
