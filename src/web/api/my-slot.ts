/**
 * The performer's audition time on one application: GET …/slots (the free times and the
 * one held), PUT/DELETE …/slot, and the calendar file …/slot.ics.
 */
import { useQuery } from '@tanstack/react-query';
import type { BookedSlotAnswer, MySlotsAnswer } from '../../contract/slots';
import { session } from './session';
import { api, apiErrorFrom } from './client';
import { queryClient } from './query-client';

export const mySlotsKey = (applicationId: string) => ['slots', 'application', applicationId] as const;
const base = (applicationId: string) => `/api/audition/applications/${encodeURIComponent(applicationId)}`;

export const getMySlots = (applicationId: string, signal?: AbortSignal) => api<MySlotsAnswer>(`${base(applicationId)}/slots`, { signal });

export const useMySlots = (applicationId: string) => useQuery({ queryKey: mySlotsKey(applicationId), queryFn: ({ signal }) => getMySlots(applicationId, signal) }, queryClient);

export async function bookSlot(applicationId: string, slotId: string) {
  try {
    return (await api<BookedSlotAnswer>(`${base(applicationId)}/slot`, { method: 'PUT', json: { slotId } })).booked;
  } finally {
    // Taken or not, the list changed under the performer: show it as it is now.
    await queryClient.invalidateQueries({ queryKey: mySlotsKey(applicationId) });
  }
}

const roundQuery = (round?: string) => (round ? `?round=${encodeURIComponent(round)}` : '');

/** `round`: which round's booking (docs/slots.md, "Rounds and callbacks"); none means the first round's. */
export async function cancelSlot(applicationId: string, round?: string) {
  await api<void>(`${base(applicationId)}/slot${roundQuery(round)}`, { method: 'DELETE' });
  await queryClient.invalidateQueries({ queryKey: mySlotsKey(applicationId) });
}

/** Downloads the calendar file: the call needs the token, so it is fetched and saved from a blob. */
export async function downloadSlotIcs(applicationId: string, round?: string) {
  const token = session.token();
  const res = await fetch(`${base(applicationId)}/slot.ics${roundQuery(round)}`, { headers: token ? { 'x-auth-token': token } : {}, cache: 'no-cache' });
  if (!res.ok) throw apiErrorFrom(res.status, await res.json().catch(() => null));
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = 'audition.ics';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
