/**
 * The one way a screen saves (docs/architecture.md, "Web forms and data"): each write's file in
 * src/web/api exports a hook made here. The hook runs the write (which updates the reads it made
 * stale before it resolves), says `isPending` while it runs, and sorts a refusal: one about a
 * field of the form (the server's `field`, through `fieldOfError`) goes to `onProblem` with that
 * field, one about a field in a row of a list it edits (`roles.3.skills`) to `rows.onProblem`,
 * anything else to `onError`. A screen says only what the person sees next. Where the spec asks for the full-screen loading overlay while a request runs (sign-up, contact, the
 * profile's save, uploads), the write passes `overlay`, the overlay's words.
 */
import { useMutation } from '@tanstack/react-query';
import { useBusy } from '../components/Busy';
import { fieldOfError, rowFieldOfError } from './field-of-error';
import { queryClient } from './query-client';

export interface WriteHandlers<V, A, K extends string> {
  onSuccess?: (answer: A, vars: V) => void;
  /** A refusal about one of `fields`: its field and its words (and the refusal, for its other details). */
  onProblem?: (field: K, msg: string, err: Error) => void;
  /** Any other failure (a refusal of the whole call, the network). */
  onError?: (err: Error) => void;
  /** The form's fields by name (its labels, say): a refusal naming one of them goes to onProblem. */
  fields?: Record<K, unknown>;
  /** A list of rows the form edits (`roles`): a refusal naming a field of one row (`roles.3.skills`) goes to its onProblem. */
  rows?: { list: string; onProblem: (row: number, field: string, msg: string) => void };
  /** Shows the full-screen loading overlay with these words while the write runs. */
  overlay?: string;
}

export function useWrite<V, A, K extends string = never>(mutationFn: (vars: V) => Promise<A>, handlers: WriteHandlers<V, A, K> = {}) {
  const { run } = useBusy();
  const { overlay } = handlers;
  return useMutation<A, Error, V>(
    {
      mutationFn: overlay === undefined ? mutationFn : (vars) => run(() => mutationFn(vars), overlay),
      onSuccess: (answer, vars) => handlers.onSuccess?.(answer, vars),
      onError: (err) => {
        const field = handlers.fields && handlers.onProblem ? fieldOfError(err, handlers.fields) : null;
        const inRow = field || !handlers.rows ? null : rowFieldOfError(err, handlers.rows.list);
        if (field) handlers.onProblem!(field, err.message, err);
        else if (inRow) handlers.rows!.onProblem(inRow.row, inRow.field, err.message);
        else handlers.onError?.(err);
      },
    },
    queryClient,
  );
}
