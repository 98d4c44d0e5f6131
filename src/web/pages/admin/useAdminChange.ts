/**
 * One change the console makes (verify a studio, hide a job): on success it says what
 * happened in the section's status line (the change's own file in src/web/api marks stale
 * the reads it touched); a refusal is a toast.
 */
import { useState } from 'react';
import { useWrite } from '../../api/use-write';
import { useToast } from '../../components/Toasts';

export function useAdminChange<V, A>(mutationFn: (v: V) => Promise<A>, describe: (answer: A, v: V) => string) {
  const [done, setDone] = useState('');
  const toast = useToast();
  const change = useWrite(mutationFn, {
    onSuccess: (answer, v) => setDone(describe(answer, v)),
    onError: (err) => toast(err.message),
  });
  return { change, done };
}
