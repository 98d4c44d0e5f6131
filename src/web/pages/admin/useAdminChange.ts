/**
 * One change the console makes (verify a studio, hide a job): on success it says what
 * happened in the section's status line and marks stale the reads it touched (the
 * console's, and the public pages' that show the change); a refusal is a toast.
 */
import { useMutation, type QueryKey } from '@tanstack/react-query';
import { adminKey } from '../../api/admin-overview';
import { queryClient } from '../../api/query-client';
import { useState } from 'react';
import { useToast } from '../../components/Toasts';

export function useAdminChange<V, A>(mutationFn: (v: V) => Promise<A>, describe: (answer: A, v: V) => string, staleKeys: QueryKey[]) {
  const [done, setDone] = useState('');
  const toast = useToast();
  const change = useMutation({
    mutationFn,
    onSuccess: (answer, v) => {
      setDone(describe(answer, v));
      for (const queryKey of [adminKey, ...staleKeys]) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (err) => toast(err.message),
  }, queryClient);
  return { change, done };
}
