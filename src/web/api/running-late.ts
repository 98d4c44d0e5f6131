/** POST /api/audition/applications/{id}/slot/late { minutes }: the performer is running late, once per booking (docs/slots.md, "The day"). */
import { api } from './client';
import { mySlotsKey } from './my-slot';
import { queryClient } from './query-client';
import { useWrite, type WriteHandlers } from './use-write';

/** `round`: which round's booking (docs/slots.md, "Rounds and callbacks"). */
export async function sayRunningLate(applicationId: string, minutes: number, round?: string) {
  const answer = await api<{ late: { minutes: number; at: string } }>(`/api/audition/applications/${encodeURIComponent(applicationId)}/slot/late${round ? `?round=${encodeURIComponent(round)}` : ''}`, { json: { minutes } });
  await queryClient.invalidateQueries({ queryKey: mySlotsKey(applicationId) });
  return answer.late;
}

export interface RunningLateVars {
  applicationId: string;
  minutes: number;
  round?: string;
}

export const useRunningLate = (handlers: WriteHandlers<RunningLateVars, Awaited<ReturnType<typeof sayRunningLate>>, never> = {}) =>
  useWrite(({ applicationId, minutes, round }: RunningLateVars) => sayRunningLate(applicationId, minutes, round), handlers);
