/** GET /api/audition/tape-requests: the performer's self-tape requests (docs/self-tapes.md); the answers below refresh it. */
import { useQuery } from '@tanstack/react-query';
import type { TapeRequestsAnswer } from '../../contract/self-tapes';
import { api } from './client';
import { queryClient } from './query-client';
import { whileProcessing } from './while-processing';

export const myTapeRequestsKey = ['tape-requests', 'mine'] as const;

export const getMyTapeRequests = (signal?: AbortSignal) => api<TapeRequestsAnswer>('/api/audition/tape-requests', { signal });

export const useMyTapeRequests = () => useQuery({ queryKey: myTapeRequestsKey, queryFn: ({ signal }) => getMyTapeRequests(signal), refetchInterval: (q) => whileProcessing((q.state.data?.tapeRequests ?? []).map((r) => r.tape)) }, queryClient);
