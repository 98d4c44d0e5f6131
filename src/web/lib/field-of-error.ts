/**
 * The form field a failed call is about: the server's `field` ({ msg, code, field }, its zod
 * path joined with '.'), when it is one of the form's own fields. Forms use it through
 * useFieldProblems' `setProblemFrom`; a form that keeps its own problems calls it directly.
 */
import { ApiError } from '../api/client';

export function fieldOfError<K extends string>(err: unknown, fields: Record<K, unknown>): K | null {
  if (!(err instanceof ApiError) || !err.field) return null;
  const field = err.field as K;
  return Object.hasOwn(fields, field) ? field : null;
}
