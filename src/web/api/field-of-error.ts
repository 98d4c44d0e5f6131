/**
 * The form field a failed call is about: the server's `field` ({ msg, code, field }, its zod
 * path joined with '.'), when it is one of the form's own fields, else the input its path starts
 * in (`media.3` is the form's `media`). Forms use it through
 * useFieldProblems' `setProblemFrom`; a form that keeps its own problems calls it directly.
 */
import { ApiError } from './client';

export function fieldOfError<K extends string>(err: unknown, fields: Record<K, unknown>): K | null {
  if (!(err instanceof ApiError) || !err.field) return null;
  for (const field of [err.field, err.field.split('.')[0]!] as K[]) if (Object.hasOwn(fields, field)) return field;
  return null;
}
