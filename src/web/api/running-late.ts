/** POST /api/audition/applications/{id}/slot/late { minutes }: the performer is running late, once per booking (docs/slots.md, "The day"). */
import { api } from './client';
import { mySlotsKey } from './my-slot';
import { queryClient } from './query-client';

export async function sayRunningLate(applicationId: string, minutes: number) {
  const answer = await api<{ late: { minutes: number; at: string } }>(`/api/audition/applications/${encodeURIComponent(applicationId)}/slot/late`, { json: { minutes } });
  await queryClient.invalidateQueries({ queryKey: mySlotsKey(applicationId) });
  return answer.late;
}
