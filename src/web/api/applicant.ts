/** GET /api/studio/applications/{id}: one applicant's card; the first open marks it viewed, so the board refreshes. */
import { useQuery } from '@tanstack/react-query';
import type { StudioApplication } from '../../contract/applications';
import { api } from './client';
import { applicantKey, jobApplicantsKey } from './applicant-keys';
import { queryClient } from './query-client';
import { whileProcessing } from './while-processing';


export async function getApplicant(id: string, signal?: AbortSignal) {
  const app = await api<StudioApplication>(`/api/studio/applications/${encodeURIComponent(id)}`, { signal });
  void queryClient.invalidateQueries({ queryKey: jobApplicantsKey(app.jobId) });
  return app;
}

export const useApplicant = (id: string) => useQuery({ queryKey: applicantKey(id), queryFn: ({ signal }) => getApplicant(id, signal), refetchInterval: (q) => whileProcessing([q.state.data?.tape]) }, queryClient);
