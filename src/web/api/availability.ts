/** GET /api/audition/availability: the performer's own unavailable days, notes included (docs/talent.md, "Availability"). */
import { useQuery } from '@tanstack/react-query';
import type { AvailabilityAnswer } from '../../contract/availability';
import { api } from './client';
import { queryClient } from './query-client';

export const availabilityKey = ['availability'] as const;

export const getAvailability = (signal?: AbortSignal) => api<AvailabilityAnswer>('/api/audition/availability', { signal });

export const useAvailability = () => useQuery({ queryKey: availabilityKey, queryFn: ({ signal }) => getAvailability(signal) }, queryClient);
