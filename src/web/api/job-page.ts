/** GET /api/jobs/{id}: one job's page; a performer's read (with their standing) is cached apart from the public one. */
import { useQuery } from '@tanstack/react-query';
import { getJob } from './jobs';
import { queryClient } from './query-client';

/** Every read of one job (`id`) or of all jobs, for invalidation. */
export const jobPagesKey = (id?: string) => (id === undefined ? (['jobs', 'one'] as const) : (['jobs', 'one', id] as const));
export const jobPageKey = (id: string, asPerformer: boolean) => ['jobs', 'one', id, asPerformer ? 'performer' : 'public'] as const;

export const useJobPage = (id: string, asPerformer: boolean) =>
  useQuery({ queryKey: jobPageKey(id, asPerformer), queryFn: ({ signal }) => getJob(id, signal, asPerformer) }, queryClient);
