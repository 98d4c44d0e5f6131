/** Calls of young performers and their guardians (docs/guardians.md). */
import { z } from 'zod';
import { email, requiredText } from './fields.js';
import { GUARDIAN_MSG } from './guardians-messages.js';
import { LIMITS } from './limits.js';

export const guardianInput = z.object({
  name: requiredText('Guardian’s name', LIMITS.textMax),
  email,
});

export const ageBody = z.object({
  dateOfBirth: z.string({ error: GUARDIAN_MSG.dateOfBirthInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, GUARDIAN_MSG.dateOfBirthInvalid),
  guardian: guardianInput.nullable().default(null),
});
export type AgeBody = z.infer<typeof ageBody>;

export const ageAnswer = z.object({
  dateOfBirth: z.string().nullable(),
  minor: z.boolean(),
  /** `withdrawnAt`: while consent is awaited because the guardian withdrew it (the profile says so). */
  guardian: z.object({ name: z.string(), email: z.string(), consentedAt: z.string().nullable(), withdrawnAt: z.string().nullable() }).nullable(),
});
export type AgeAnswer = z.infer<typeof ageAnswer>;

export const guardianTokenParams = z.object({ token: z.string().max(200) });

export const guardianAnswer = z.object({
  performer: z.object({ name: z.string() }),
  consentedAt: z.string().nullable(),
});
export type GuardianAnswer = z.infer<typeof guardianAnswer>;
