/** DELETE /api/studio/jobs/{id}: the job and its applications are gone from every list. */
import { api } from './client';
import { staleAfterJobChange } from './save-job';

export async function deleteJob(id: string) {
  await api<void>(`/api/studio/jobs/${encodeURIComponent(id)}`, { method: 'DELETE' });
  await staleAfterJobChange();
}
