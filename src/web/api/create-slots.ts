/**
 * POST /api/studio/jobs/{id}/slots: a round's times, limited to the invited applications when
 * `applicationIds` is given; those are told by the server (docs/slots.md, "Rounds and callbacks").
 * The schedule and the board read again before the write resolves.
 */
import type { CreateSlotsBody } from '../../contract/slots';
import { createSlots } from './job-slots';
import { jobApplicantsKey } from './applicant-keys';
import { queryClient } from './query-client';
import { useWrite, type WriteHandlers } from './use-write';

export interface CreateSlotsVars {
  jobId: string;
  body: CreateSlotsBody;
}

export function useCreateSlots<K extends string>(handlers: WriteHandlers<CreateSlotsVars, Awaited<ReturnType<typeof createSlots>>, K> = {}) {
  return useWrite(async ({ jobId, body }: CreateSlotsVars) => {
    const made = await createSlots(jobId, body);
    if (body.applicationIds?.length) await queryClient.invalidateQueries({ queryKey: jobApplicantsKey(jobId) });
    return made;
  }, handlers);
}
