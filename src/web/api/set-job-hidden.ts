/** POST /api/admin/jobs/{id}/hide or /restore: the job leaves or comes back to the board and its page. */
import type { AdminJobHiddenAnswer } from '../../contract/admin';
import { api } from './client';
import { adminKey, allJobsKey } from './admin-overview';
import { queryClient } from './query-client';

export async function setJobHidden({ id, hidden }: { id: string; hidden: boolean }) {
  const answer = await api<AdminJobHiddenAnswer>(`/api/admin/jobs/${encodeURIComponent(id)}/${hidden ? 'hide' : 'restore'}`, { method: 'POST' });
  await Promise.all([adminKey, allJobsKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return answer;
}
