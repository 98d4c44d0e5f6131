/**
 * One change the console makes (verify a studio, hide a job): on success it says what
 * happened in the section's status line and marks stale the reads it touched (the
 * console's, and the public pages' that show the change); a refusal is a toast.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '../../components/Toasts';

export function useAdminChange<V, A>(mutationFn: (v: V) => Promise<A>, describe: (answer: A, v: V) => string, staleKeys: string[]) {
  const [done, setDone] = useState('');
  const queryClient = useQueryClient();
  const toast = useToast();
  const change = useMutation({
    mutationFn,
    onSuccess: (answer, v) => {
      setDone(describe(answer, v));
      for (const key of ['admin', ...staleKeys]) void queryClient.invalidateQueries({ queryKey: [key] });
    },
    onError: (err) => toast(err.message),
  });
  return { change, done };
}
