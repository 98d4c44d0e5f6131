/**
 * The form field a failed call is about: the server's `field` ({ msg, code, field }, its zod
 * path joined with '.'), when it is one of the form's own fields, else the input its path starts
 * in (`media.3` is the form's `media`). Forms use it through
 * useFieldProblems' `setProblemFrom` or useWrite's `fields`; `rowFieldOfError` does the same for
 * a field in one row of a list the form edits (`roles.3.skills`), through useWrite's `rows`.
 */
import { ApiError } from './client';

export function fieldOfError<K extends string>(err: unknown, fields: Record<K, unknown>): K | null {
  if (!(err instanceof ApiError) || !err.field) return null;
  for (const field of [err.field, err.field.split('.')[0]!] as K[]) if (Object.hasOwn(fields, field)) return field;
  return null;
}

/** The row and field a failed call is about when the server names one inside `list` (`roles.3.pay.amount` is row 3's `pay`), else null. */
export function rowFieldOfError(err: unknown, list: string): { row: number; field: string } | null {
  if (!(err instanceof ApiError) || !err.field) return null;
  const [head, row, field] = err.field.split('.');
  if (head !== list || !row || !/^\d+$/.test(row) || !field) return null;
  return { row: Number(row), field };
}
