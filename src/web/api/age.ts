/** GET /api/audition/age: the performer's date of birth, whether a minor, and the guardian with consent (docs/guardians.md). */
import { useQuery } from '@tanstack/react-query';
import type { AgeAnswer } from '../../contract/guardians';
import { api } from './client';
import { queryClient } from './query-client';

export const ageKey = ['age'] as const;

export const getAge = (signal?: AbortSignal) => api<AgeAnswer>('/api/audition/age', { signal });

export const useAge = (enabled = true) => useQuery({ queryKey: ageKey, queryFn: ({ signal }) => getAge(signal), enabled }, queryClient);
