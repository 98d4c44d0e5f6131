/**
 * A demo casting office (docs/team.md): the first demo studio account gets a `casting` and
 * a `viewer` member with their own logins, printed at start like the other demo logins, and
 * each rates a few of its applicants so "ratings per person" has something to show. Never
 * with NODE_ENV=production.
 */
import { hash } from '@node-rs/argon2';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { applicationReviews, applications, jobs, studios, users } from '../db/schema/index.js';
import { DEMO_STUDIO_LOGINS } from './studio-accounts.js';

/** The logins the README and the start-up log give. */
export const DEMO_TEAM_LOGINS = [
  { email: 'casting1@demo.audition.local', password: 'demo-casting-1', name: 'Asha Rao', role: 'casting', rating: 4 },
  { email: 'viewer1@demo.audition.local', password: 'demo-viewer-1', name: 'Vikram Producer', role: 'viewer', rating: 3 },
] as const;

/** Adds the members to the first demo studio account, once; answers how many logins exist. */
export async function seedDemoTeam(ctx: AppContext, log: (line: string) => void): Promise<number> {
  if (ctx.config.env.SEED_DEMO === '0' || ctx.config.production) return 0;
  const { db } = ctx;
  const [owner] = await db
    .select({ id: users.id, studioId: studios.id, fname: studios.fname })
    .from(users)
    .innerJoin(studios, eq(studios.ownerId, users.id))
    .where(eq(users.email, DEMO_STUDIO_LOGINS[0].email));
  if (!owner) return 0;
  const existing = await db.select({ email: users.email }).from(users).where(inArray(users.email, DEMO_TEAM_LOGINS.map((l) => l.email)));
  if (existing.length === 0) {
    const rated = await db
      .select({ id: applications.id })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(eq(jobs.studioId, owner.studioId))
      .orderBy(asc(applications.createdAt), asc(applications.id))
      .limit(3);
    for (const login of DEMO_TEAM_LOGINS) {
      await db.transaction(async (tx) => {
        const [member] = await tx
          .insert(users)
          .values({ email: login.email, fname: login.name, role: 'member', memberOf: owner.id, studioRole: login.role, passwordHash: await hash(login.password) })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id });
        if (member && rated.length) {
          await tx
            .insert(applicationReviews)
            .values(rated.map((a) => ({ applicationId: a.id, byId: member.id, byName: login.name, rating: login.rating })))
            .onConflictDoNothing();
        }
      });
    }
  }
  const members = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.memberOf, owner.id), inArray(users.email, DEMO_TEAM_LOGINS.map((l) => l.email))));
  for (const row of members) {
    const login = DEMO_TEAM_LOGINS.find((l) => l.email === row.email)!;
    log(`demo ${login.role} member login (${owner.fname}): ${login.email} / ${login.password}`);
  }
  return members.length;
}
