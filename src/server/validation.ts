/** Parses a body that a route cannot declare in its schema (one path, several forms). */
import type { z } from 'zod';
import { MSG } from '../contract/messages.js';
import { errors } from './errors.js';

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw errors.validation(issue?.message ?? MSG.fillAllFields, fieldOfPath(issue?.path));
  }
  return result.data;
}

/** The field a zod issue is about, as forms name it: its path joined with '.' ("roles.0.pay"); undefined for the whole body. */
export function fieldOfPath(path: readonly PropertyKey[] | undefined): string | undefined {
  return path?.length ? path.map(String).join('.') : undefined;
}

/**
 * A form's fields: the body must be an object (multipart fields or a JSON object). A JSON
 * `null`, an array, a bare value or no body at all is refused, never read as an empty form
 * that would clear every field (docs/faults.md, "Bad input").
 */
export function formFields(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw errors.badRequest(MSG.invalidBody);
  return body as Record<string, unknown>;
}
