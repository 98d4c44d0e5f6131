/** POST /api/admin/studios/{id}/verify or /unverify: the badge shows in the console and on the public studio and job pages. */
import { api } from './client';
import { adminKey, allJobsKey, allStudiosKey } from './admin-overview';
import { queryClient } from './query-client';

export async function setStudioVerified({ id, verified }: { id: string; verified: boolean }) {
  const answer = await api<{ _id: string; verified: boolean }>(`/api/admin/studios/${encodeURIComponent(id)}/${verified ? 'verify' : 'unverify'}`, { method: 'POST' });
  await Promise.all([adminKey, allStudiosKey, allJobsKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return answer;
}
