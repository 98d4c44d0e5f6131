/**
 * Demo availability (OFFICE.md §6; docs/talent.md, "Availability"): the first demo studio
 * job with demo applications gets shoot dates three weeks ahead (three days), its first
 * applicant is unavailable on the shoot's middle day (a conflict on the card, with a private
 * note the studio never sees), its second is away the week after (no conflict), and a few
 * other demo performers have unavailable days for the talent search's filter. Once; never
 * with NODE_ENV=production.
 */
import { and, asc, eq, inArray, like, ne } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { applications, jobs, performerUnavailability, studios, users } from '../db/schema/index.js';
import { DEMO_PERFORMER_DOMAIN } from './performers.js';
import { DEMO_STUDIO_LOGINS } from './studio-accounts.js';

const DAY = 86_400_000;
const dayOf = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);

export async function seedDemoAvailability(ctx: AppContext, log: (line: string) => void, now = new Date()): Promise<number> {
  if (ctx.config.env.SEED_DEMO === '0' || ctx.config.production) return 0;
  const { db } = ctx;
  const demoPerformers = await db
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, `%@${DEMO_PERFORMER_DOMAIN}`))
    .orderBy(asc(users.email));
  if (demoPerformers.length === 0) return 0;
  const [already] = await db
    .select({ id: performerUnavailability.id })
    .from(performerUnavailability)
    .where(inArray(performerUnavailability.userId, demoPerformers.map((p) => p.id)))
    .limit(1);
  if (already) return 0;

  const shoot = { from: dayOf(now, 21), to: dayOf(now, 23) };
  const rows: { userId: string; fromDate: string; toDate: string; note: string }[] = [];
  const [first] = await db
    .select({ jobId: applications.jobId })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(studios, eq(studios.id, jobs.studioId))
    .innerJoin(users, eq(users.id, studios.ownerId))
    .where(and(inArray(users.email, DEMO_STUDIO_LOGINS.map((l) => l.email)), ne(applications.status, 'withdrawn')))
    .orderBy(asc(jobs.createdAt), asc(applications.createdAt), asc(applications.id))
    .limit(1);
  if (first) {
    await db.update(jobs).set({ shootDates: [shoot] }).where(eq(jobs.id, first.jobId));
    const applicants = await db
      .select({ performerId: applications.performerId })
      .from(applications)
      .where(and(eq(applications.jobId, first.jobId), ne(applications.status, 'withdrawn')))
      .orderBy(asc(applications.createdAt), asc(applications.id))
      .limit(2);
    const [clash, away] = applicants;
    if (clash?.performerId) rows.push({ userId: clash.performerId, fromDate: dayOf(now, 22), toDate: dayOf(now, 22), note: 'Cousin’s wedding' });
    if (away?.performerId) rows.push({ userId: away.performerId, fromDate: dayOf(now, 28), toDate: dayOf(now, 34), note: 'Holiday' });
  }
  const taken = new Set(rows.map((r) => r.userId));
  // Every fifth demo performer is away for a week at some point in the next two months.
  demoPerformers
    .filter((p, i) => i % 5 === 0 && !taken.has(p.id))
    .forEach((p, i) => rows.push({ userId: p.id, fromDate: dayOf(now, 7 + i * 6), toDate: dayOf(now, 13 + i * 6), note: '' }));
  if (rows.length === 0) return 0;
  await db.insert(performerUnavailability).values(rows);
  log(`seeded ${rows.length} demo unavailable ranges${first ? `; shoot ${shoot.from} to ${shoot.to} on a demo job` : ''}`);
  return rows.length;
}
