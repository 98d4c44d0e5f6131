/**
 * Demo applications: when demo performers exist (accounts on the demo performers' domain), some of them
 * apply to the demo studio accounts' jobs, at every stage of the pipeline, so the applicant
 * board and /applications have something to show. Once; never with NODE_ENV=production
 * (docs/applications.md).
 */
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { ApplicationStatus } from '../../contract/applications-limits.js';
import type { AppContext } from '../context.js';
import { applications, jobs, studios, users } from '../db/schema/index.js';
import { DEMO_PERFORMER_DOMAIN } from './performers.js';
import { DEMO_STUDIO_LOGINS } from './studio-accounts.js';

const PIPELINE: readonly ApplicationStatus[][] = [
  ['applied'],
  ['applied', 'viewed'],
  ['applied', 'viewed', 'shortlisted'],
  ['applied', 'viewed', 'shortlisted', 'auditioning'],
  ['applied', 'viewed', 'shortlisted', 'auditioning', 'booked'],
  ['applied', 'viewed', 'declined'],
];
const PER_JOB = PIPELINE.length;
const HOUR = 3_600_000;

export async function seedDemoApplications(ctx: AppContext, log: (line: string) => void, now = new Date()): Promise<number> {
  if (ctx.config.env.SEED_DEMO === '0' || ctx.config.production) return 0;
  const { db } = ctx;
  const performers = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'performer'), like(users.email, `%@${DEMO_PERFORMER_DOMAIN}`)))
    .orderBy(asc(users.email))
    .limit(PER_JOB * 2);
  if (performers.length === 0) return 0;
  const [already] = await db.select({ id: applications.id }).from(applications).where(inArray(applications.performerId, performers.map((p) => p.id))).limit(1);
  if (already) return 0;
  const open = await db
    .select({ id: jobs.id })
    .from(jobs)
    .innerJoin(studios, eq(studios.id, jobs.studioId))
    .innerJoin(users, eq(users.id, studios.ownerId))
    .where(and(eq(jobs.status, 'open'), inArray(users.email, DEMO_STUDIO_LOGINS.map((l) => l.email))))
    .orderBy(asc(jobs.createdAt))
    .limit(2);
  const rows = open.flatMap((job, j) =>
    performers.slice(0, PER_JOB).map((p, i) => {
      const steps = PIPELINE[(i + j) % PIPELINE.length]!;
      const start = now.getTime() - (steps.length + 1) * 24 * HOUR;
      const history = steps.map((status, k) => ({ status, at: new Date(start + k * 24 * HOUR).toISOString() }));
      return { jobId: job.id, performerId: p.id, status: steps.at(-1)!, note: 'I would love to audition for this role.', history, createdAt: new Date(start) };
    }),
  );
  if (rows.length === 0) return 0;
  const made = await db.insert(applications).values(rows).onConflictDoNothing().returning({ id: applications.id });
  if (made.length > 0) log(`seeded ${made.length} demo applications`);
  return made.length;
}
