/** GET /api/audition/applications: the performer's applications and quota; applying and withdrawing refresh it. */
import { useQuery } from '@tanstack/react-query';
import type { ApplyBody, MyApplication, MyApplicationsAnswer } from '../../contract/applications';
import { api } from './client';
import { jobPagesKey } from './job-page';
import { queryClient } from './query-client';
import { useWrite, type WriteHandlers } from './use-write';

export const myApplicationsKey = ['applications', 'mine'] as const;

export const getMyApplications = (signal?: AbortSignal) => api<MyApplicationsAnswer>('/api/audition/applications', { signal });

export const useMyApplications = (enabled = true) =>
  useQuery({ queryKey: myApplicationsKey, queryFn: ({ signal }) => getMyApplications(signal), enabled }, queryClient);

export async function applyToJob(jobId: string, body: ApplyBody) {
  const made = await api<MyApplication>(`/api/jobs/${encodeURIComponent(jobId)}/apply`, { json: body });
  // The job's page shows the applications left and the roles applied for.
  await Promise.all([myApplicationsKey, jobPagesKey(jobId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return made;
}

/** Withdraws one of the performer's own applications, from /applications. */
export function useWithdrawApplication(handlers: WriteHandlers<string, MyApplication, never>) {
  return useWrite(withdrawApplication, handlers);
}

export async function withdrawApplication(id: string) {
  const changed = await api<MyApplication>(`/api/audition/applications/${encodeURIComponent(id)}/withdraw`, { method: 'POST', json: {} });
  await queryClient.invalidateQueries({ queryKey: myApplicationsKey });
  return changed;
}
