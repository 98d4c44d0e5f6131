/**
 * POST /api/studio/jobs (a new job) or PATCH /api/studio/jobs/{id} (an edit): the studio's
 * job list shows the change, and so do the applications a saved job closed.
 */
import type { JobCreateBody, JobPatchBody, JobPost } from '../../contract/jobs';
import { api } from './client';
import { applicationsKey, ownJobsKey } from './own-jobs';
import { queryClient } from './query-client';
import { useWrite, type WriteHandlers } from './use-write';

export async function saveJob(id: string | undefined, body: JobCreateBody | JobPatchBody) {
  const saved = id
    ? await api<JobPost>(`/api/studio/jobs/${encodeURIComponent(id)}`, { method: 'PATCH', json: body })
    : await api<JobPost>('/api/studio/jobs', { json: body });
  await staleAfterJobChange();
  return saved;
}

/** A job saved or deleted: the studio's list, and every read of applications (closing a job closes its undecided ones). */
export async function staleAfterJobChange() {
  await Promise.all([queryClient.invalidateQueries({ queryKey: ownJobsKey }), queryClient.invalidateQueries({ queryKey: applicationsKey })]);
}

/** Posts a new job (no id) or saves one, from the job form. */
export function useSaveJob<K extends string>(id: string | undefined, handlers: WriteHandlers<JobCreateBody, JobPost, K>) {
  return useWrite((body: JobCreateBody) => saveJob(id, body), handlers);
}
