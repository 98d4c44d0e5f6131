/**
 * POST /api/jobs/{id}/apply, once per chosen role (docs/applications.md): each role is its own
 * application, sent one after the other so the quota counts them in order.
 */
import type { ApplyBody, MyApplication } from '../../contract/applications';
import { applyToJob } from './my-applications';
import { useWrite, type WriteHandlers } from './use-write';

export interface ApplyVars {
  jobId: string;
  body: Omit<ApplyBody, 'roleId'>;
  /** The roles chosen, or [undefined] for a job with one open role (no roleId sent). */
  roleIds: (string | undefined)[];
}

export function useApplyToJob<K extends string = never>(handlers: WriteHandlers<ApplyVars, MyApplication[], K>) {
  return useWrite(async ({ jobId, body, roleIds }: ApplyVars) => {
    const made: MyApplication[] = [];
    for (const roleId of roleIds) made.push(await applyToJob(jobId, { ...body, ...(roleId ? { roleId } : {}) } as ApplyBody));
    return made;
  }, handlers);
}
