/** GET /api/studio/jobs/{id}/slots: a job's audition times with who comes; adding and removing refresh it. */
import { useQuery } from '@tanstack/react-query';
import type { CreateSlotsBody, OpenSlot, StudioSlotsAnswer } from '../../contract/slots';
import { api } from './client';
import { queryClient } from './query-client';

export const jobSlotsKey = (jobId: string) => ['slots', 'job', jobId] as const;

export const getJobSlots = (jobId: string, signal?: AbortSignal) => api<StudioSlotsAnswer>(`/api/studio/jobs/${encodeURIComponent(jobId)}/slots`, { signal });

export const useJobSlots = (jobId: string) => useQuery({ queryKey: jobSlotsKey(jobId), queryFn: ({ signal }) => getJobSlots(jobId, signal), select: (a) => a.slots }, queryClient);

export async function createSlots(jobId: string, body: CreateSlotsBody) {
  const made = await api<{ slots: OpenSlot[] }>(`/api/studio/jobs/${encodeURIComponent(jobId)}/slots`, { json: body });
  await queryClient.invalidateQueries({ queryKey: jobSlotsKey(jobId) });
  return made.slots;
}

export async function deleteSlot(jobId: string, slotId: string) {
  await api<void>(`/api/studio/slots/${encodeURIComponent(slotId)}`, { method: 'DELETE' });
  await queryClient.invalidateQueries({ queryKey: jobSlotsKey(jobId) });
}
