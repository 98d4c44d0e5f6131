/** GET /api/studio/jobs/{id}/tape-requests: one job's self-tape requests for the studio (docs/self-tapes.md); requests, retakes and plays refresh it. */
import { useQuery } from '@tanstack/react-query';
import type { TapeRequestsAnswer } from '../../contract/self-tapes';
import { api } from './client';
import { queryClient } from './query-client';
import { whileProcessing } from './while-processing';

/** Every job's list, which a tape's first play refreshes (the card does not know the request). */
export const allJobTapeRequestsKey = ['tape-requests', 'job'] as const;
export const jobTapeRequestsKey = (jobId: string) => [...allJobTapeRequestsKey, jobId] as const;

export const getJobTapeRequests = (jobId: string, signal?: AbortSignal) =>
  api<TapeRequestsAnswer>(`/api/studio/jobs/${encodeURIComponent(jobId)}/tape-requests`, { signal });

export const useJobTapeRequests = (jobId: string) =>
  useQuery({ queryKey: jobTapeRequestsKey(jobId), queryFn: ({ signal }) => getJobTapeRequests(jobId, signal), select: (a) => a.tapeRequests, refetchInterval: (q) => whileProcessing((q.state.data?.tapeRequests ?? []).map((r) => r.tape)) }, queryClient);
