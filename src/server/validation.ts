/** Parses a body that a route cannot declare in its schema (one path, several forms). */
import type { z } from 'zod';
import { MSG } from '../contract/messages.js';
import { errors } from './errors.js';

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw errors.badRequest(result.error.issues[0]?.message ?? MSG.fillAllFields, 'invalid_input');
  return result.data;
}
