/** Field schemas shared by several areas of the contract. */
import { z } from 'zod';
import { LIMITS } from './limits.js';
import { MSG } from './messages.js';

/** A required text: trimmed, not empty, bounded. */
export const requiredText = (label: string, max: number = LIMITS.textMax) =>
  z
    .string({ error: MSG.fillAllFields })
    .trim()
    .min(1, MSG.fillAllFields)
    .max(max, MSG.tooLong(label, max));

/** An optional text: trimmed, may be empty, bounded; absent reads as ''. */
export const optionalText = (label: string, max: number = LIMITS.textMax) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, MSG.tooLong(label, max))
    .default('');

export const email = z
  .string({ error: MSG.fillAllFields })
  .trim()
  .toLowerCase()
  .min(1, MSG.fillAllFields)
  .max(LIMITS.emailMax, MSG.tooLong('Email', LIMITS.emailMax))
  .regex(z.regexes.email, MSG.invalidEmail);

export const password = z
  .string({ error: MSG.fillAllFields })
  .min(1, MSG.fillAllFields)
  .min(LIMITS.passwordMin, MSG.passwordTooShort)
  .max(LIMITS.passwordMax, MSG.tooLong('Password', LIMITS.passwordMax));

export const phone = z
  .string({ error: MSG.fillAllFields })
  .trim()
  .min(1, MSG.fillAllFields)
  .max(LIMITS.phoneMax, MSG.tooLong('Phone No.', LIMITS.phoneMax))
  .regex(/^\d+$/, MSG.invalidPhone);

/** The error body of every failed call. */
export const errorBody = z.object({ msg: z.string(), code: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBody>;
