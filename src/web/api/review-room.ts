/** GET /api/review/{token}: a review room, no account (docs/self-tapes.md). Sent without the token of a signed-in account. */
import { useQuery } from '@tanstack/react-query';
import type { ReviewAnswer } from '../../contract/self-tapes';
import { api } from './client';
import { queryClient } from './query-client';
import { whileProcessing } from './while-processing';

export const reviewRoomKey = (token: string) => ['review-room', token] as const;

export const getReviewRoom = (token: string, signal?: AbortSignal) => api<ReviewAnswer>(`/api/review/${encodeURIComponent(token)}`, { signal, auth: false });

export const useReviewRoom = (token: string) =>
  useQuery({ queryKey: reviewRoomKey(token), queryFn: ({ signal }) => getReviewRoom(token, signal), retry: false, refetchInterval: (q) => whileProcessing((q.state.data?.performers ?? []).map((p) => p.tape)) }, queryClient);
