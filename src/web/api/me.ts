/** GET /api/audition/getUserData as /settings reads it: the performer's own account. */
import { useQuery } from '@tanstack/react-query';
import { getMe } from './account';
import { queryClient } from './query-client';

export const meKey = ['me'] as const;

export const useMe = (enabled = true) => useQuery({ queryKey: meKey, queryFn: getMe, enabled }, queryClient);
