/** GET /api/audition/recommendedJobs: open jobs that fit the logged-in performer, with reasons (docs/talent.md). */
import { useQuery } from '@tanstack/react-query';
import type { RecommendationsAnswer } from '../../contract/talent';
import { api } from './client';
import { queryClient } from './query-client';

export const getRecommendedJobs = (signal?: AbortSignal) => api<RecommendationsAnswer>('/api/audition/recommendedJobs', { signal });

export const useRecommendedJobs = (enabled: boolean) =>
  useQuery({ queryKey: ['jobs', 'recommended'], queryFn: ({ signal }) => getRecommendedJobs(signal), select: (a) => a.jobs, enabled }, queryClient);
