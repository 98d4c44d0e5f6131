/** POST /api/studio/jobs/{id}/roles/{roleId}/cast: the role is cast; the studio's job list shows it. */
import type { JobPost } from '../../contract/jobs';
import { api } from './client';
import { ownJobsKey } from './own-jobs';
import { queryClient } from './query-client';
import { useWrite, type WriteHandlers } from './use-write';

export async function castRole(jobId: string, roleId: string) {
  const job = await api<JobPost>(`/api/studio/jobs/${encodeURIComponent(jobId)}/roles/${encodeURIComponent(roleId)}/cast`, { method: 'POST', json: {} });
  await queryClient.invalidateQueries({ queryKey: ownJobsKey });
  return job;
}

/** Marks one of the job's roles cast, from the job form. */
export function useCastRole<K extends string>(jobId: string | undefined, handlers: WriteHandlers<string, JobPost, K>) {
  return useWrite((roleId: string) => castRole(jobId!, roleId), handlers);
}
