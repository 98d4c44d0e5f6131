/**
 * A job's applicants counted in one statement: by status and by role for the studio's own
 * job (GET /api/studio/jobs/{id}, its `applicants` and `live`); the applicant list counts
 * the same way inside its page's statement and reads them here with `countsOf`
 * (docs/applications.md, "The applicant list in pages").
 */
import { and, count, eq } from 'drizzle-orm';
import { APPLICATION_STATUSES, type ApplicantCounts, type ApplicationStatus } from '../../../contract/applications.js';
import type { AppContext } from '../../context.js';
import { applications } from '../../db/schema/index.js';

export interface ApplicantTally {
  /** Every status present, 0 when none. */
  byStatus: ApplicantCounts;
  /** Role id to its applications; a role nobody applied to is absent. */
  byRole: Record<string, number>;
  total: number;
}

const noneByStatus = (): ApplicantCounts => Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as ApplicantCounts;

/** The job's applicants grouped by status and role, as the list's statement answers them: `[status, roleId, n]`. */
export type Tally = [string, string | null, number][];

/**
 * The list's counts out of its tally (docs/applications.md, "The applicant list in pages"):
 * by status, of one role when asked, and by role, every status, whatever the filters.
 */
export function countsOf(tally: Tally, roleId?: string): { counts: ApplicantCounts; roleCounts: Record<string, number> } {
  const counts = noneByStatus();
  const roleCounts: Record<string, number> = {};
  for (const [status, role, n] of tally) {
    if (!roleId || role === roleId) counts[status as ApplicationStatus] += Number(n);
    if (role) roleCounts[role] = (roleCounts[role] ?? 0) + Number(n);
  }
  return { counts, roleCounts };
}

/** The job's applicants by status and by role, of one role when asked. */
export async function countApplicants(db: AppContext['db'], jobId: string, roleId?: string): Promise<ApplicantTally> {
  const rows = await db
    .select({ status: applications.status, roleId: applications.roleId, n: count() })
    .from(applications)
    .where(and(eq(applications.jobId, jobId), roleId ? eq(applications.roleId, roleId) : undefined))
    .groupBy(applications.status, applications.roleId);
  const byStatus = noneByStatus();
  const byRole: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    const n = Number(r.n);
    byStatus[r.status as ApplicationStatus] += n;
    if (r.roleId) byRole[r.roleId] = (byRole[r.roleId] ?? 0) + n;
    total += n;
  }
  return { byStatus, byRole, total };
}
