/**
 * A job's applicants counted in one statement: by status and by role for the studio's own
 * job (GET /api/studio/jobs/{id}, its `applicants` and `live`), by status alone for the
 * applicant list's counts (docs/applications.md, "The applicant list in pages").
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

/**
 * The job's applicants by status, of one role when asked: the list's counts. Grouped by
 * status alone, so a job's count reads `applications_job_status_idx` (job, status,
 * created_at) without the table (docs/performance.md, "The applicant list in pages").
 */
export async function countByStatus(db: AppContext['db'], jobId: string, roleId?: string): Promise<ApplicantCounts> {
  const rows = await db
    .select({ status: applications.status, n: count() })
    .from(applications)
    .where(and(eq(applications.jobId, jobId), roleId ? eq(applications.roleId, roleId) : undefined))
    .groupBy(applications.status);
  const byStatus = noneByStatus();
  for (const r of rows) byStatus[r.status as ApplicationStatus] += Number(r.n);
  return byStatus;
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
