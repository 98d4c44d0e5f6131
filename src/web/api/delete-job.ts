/** DELETE /api/studio/jobs/{id}: the job and its applications are gone from every list. */
import { api } from './client';
import { staleAfterJobChange } from './save-job';
import { useWrite, type WriteHandlers } from './use-write';

export async function deleteJob(id: string) {
  await api<void>(`/api/studio/jobs/${encodeURIComponent(id)}`, { method: 'DELETE' });
  await staleAfterJobChange();
}

/** Deletes the job, from the job form. */
export function useDeleteJob<K extends string>(id: string | undefined, handlers: WriteHandlers<void, void, K>) {
  return useWrite(() => deleteJob(id!), handlers);
}
