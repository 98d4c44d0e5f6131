/**
 * Problems at the field for any form: `check` finds every wrong field at once against the
 * form's zod/mini rules (the server's own), marks them and moves focus to the first; typing
 * in a field clears its problem; `setProblem` puts a message at a field, and `setProblemFrom`
 * puts a failed call's message at the field the server named (its `field`).
 *
 *   const fields = useFieldProblems(rules, { email: 'login-email', password: 'login-password' }, labels);
 *   if (!fields.check(form)) return;                    // every problem shown, focus on the first
 *   <TextField id={fields.ids.email} error={fields.problems.email} … />
 */
import { useCallback, useState } from 'react';
import * as z from 'zod/mini';
import { problemsByField } from '../../contract/field-rules';
import { ApiError } from '../api/client';
import { fieldOfError } from '../api/field-of-error';

/** For a form whose checks are its own (ranges, orders of fields): it calls `show(found)`, never `check`. */
export const NO_RULES = z.object({});

export function useFieldProblems<K extends string>(
  rules: z.core.$ZodType,
  /** Each field's element id, in the form's order (focus goes to the first wrong one). */
  ids: Record<K, string>,
  /** Names an empty field ("Email is required"); without it the rule's own message shows. */
  labels?: Partial<Record<K, string>>,
  /** Problems shown from the first render (a shared link's filters checked as they open), not focused. */
  initial?: Partial<Record<K, string>>,
) {
  const [problems, setProblems] = useState<Partial<Record<K, string>>>(() => initial ?? {});

  const focus = useCallback(
    (found: Partial<Record<K, string>>) => {
      const first = (Object.keys(ids) as K[]).find((field) => found[field]);
      if (first) document.getElementById(ids[first])?.focus();
    },
    [ids],
  );

  /**
   * Shows these problems (found by the page beyond the rules: units, a list of rows), focuses
   * the first wrong field in the form's order; true when there is none.
   */
  const show = useCallback(
    (found: Partial<Record<K, string>>) => {
      const listed = Object.fromEntries(Object.entries(found).filter(([, msg]) => msg)) as Partial<Record<K, string>>;
      setProblems(listed);
      focus(listed);
      return Object.keys(listed).length === 0;
    },
    [focus],
  );

  /** Shows every problem of `value`, focuses the first wrong field; true when there is none. */
  const check = useCallback((value: Record<K, unknown>) => show(problemsByField(rules, value, labels)), [rules, labels, show]);

  const clear = useCallback((field: K) => setProblems((p) => (p[field] ? { ...p, [field]: undefined } : p)), []);

  /** Puts one problem (e.g. the server's answer) at its field and focuses it. */
  const setProblem = useCallback(
    (field: K, message: string) => {
      setProblems((p) => ({ ...p, [field]: message }));
      document.getElementById(ids[field])?.focus();
    },
    [ids],
  );

  /**
   * Puts a failed call's message at the field the server named, or every problem it listed
   * at its field (`problems`); false when it names none of this form's fields.
   */
  const setProblemFrom = useCallback(
    (err: unknown) => {
      const listed: Partial<Record<K, string>> = {};
      for (const p of err instanceof ApiError ? (err.problems ?? []) : []) {
        if (Object.hasOwn(ids, p.field)) listed[p.field as K] ??= p.msg;
      }
      if (Object.keys(listed).length > 0) {
        setProblems(listed);
        focus(listed);
        return true;
      }
      const field = fieldOfError(err, ids);
      if (field) setProblem(field, (err as Error).message);
      return Boolean(field);
    },
    [ids, setProblem, focus],
  );

  const reset = useCallback(() => setProblems({}), []);

  return { problems, check, show, clear, setProblem, setProblemFrom, reset, ids };
}
