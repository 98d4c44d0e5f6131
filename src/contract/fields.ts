/** Field schemas shared by several areas of the contract. */
import { z } from 'zod';
import { LIMITS } from './limits.js';
import { CONTROL, CONTROL_MULTILINE } from './field-rules.js';
import { MSG } from './messages.js';

interface TextOptions {
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

// The rules the web forms also check live in zod/mini, once (field-rules.ts); the server's
// schemas embed those very schemas.
export { email, password, phone, requiredText } from './field-rules.js';

/** An optional text: trimmed, may be empty, bounded; absent reads as ''. */
export const optionalText = (label: string, max: number = LIMITS.textMax) =>
  text(label).max(max, MSG.tooLong(label, max)).trim().default('');

/** A date and time with its offset (ISO 8601), before `LIMITS.dateBefore`: a later one is refused with `tooFar`. */
export const instant = (error: string, label: string) =>
  z.iso
    .datetime({ offset: true, error })
    .refine((v) => Date.parse(v) < Date.parse(`${LIMITS.dateBefore}T00:00:00Z`), MSG.dateTooFar(label, LIMITS.dateBefore));

/** A whole day (YYYY-MM-DD) that exists on the calendar and is before `LIMITS.dateBefore`. */
export const calendarDay = (error: string, label: string) =>
  z
    .string({ error })
    .regex(/^\d{4}-\d{2}-\d{2}$/, error)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), error)
    .refine((v) => v < LIMITS.dateBefore, MSG.dateTooFar(label, LIMITS.dateBefore));

/**
 * The `Idempotency-Key` header a write may carry (docs/faults.md, "A stalled database"): up
 * to 100 visible ASCII characters. A retry with the same key answers the first result.
 */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,100}$/, 'Idempotency-Key must be 1 to 100 visible ASCII characters')
    .optional(),
});
