/** Field schemas shared by several areas of the contract. */
import { z } from 'zod';
import { LIMITS } from './limits.js';
import { MSG } from './messages.js';

// The rules the web forms also check live in zod/mini, once; the server's schemas embed them.
export { email, password, phone, requiredText } from './field-rules.js';

/** An optional text: trimmed, may be empty, bounded; absent reads as ''. */
export const optionalText = (label: string, max: number = LIMITS.textMax) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, MSG.tooLong(label, max))
    .default('');

/** The error body of every failed call. */
export const errorBody = z.object({ msg: z.string(), code: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBody>;
