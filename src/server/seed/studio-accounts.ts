/**
 * Demo studio accounts: the first demo studios get a studio login, so a newcomer can
 * try the casting side at once. Never with NODE_ENV=production (docs/marketplace.md).
 */
import { hash } from '@node-rs/argon2';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { studios, users } from '../db/schema/index.js';

/** The logins the README and the start-up log give. */
export const DEMO_STUDIO_LOGINS = [
  { email: 'studio1@demo.audition.local', password: 'demo-studio-1' },
  { email: 'studio2@demo.audition.local', password: 'demo-studio-2' },
  { email: 'studio3@demo.audition.local', password: 'demo-studio-3' },
] as const;

/** The studios the demo logins own: the later demo seeds (review link, callbacks, tapes) add to these. */
export async function demoStudioIds(db: Db): Promise<string[]> {
  const owned = await db
    .select({ id: studios.id })
    .from(studios)
    .innerJoin(users, eq(users.id, studios.ownerId))
    .where(inArray(users.email, DEMO_STUDIO_LOGINS.map((l) => l.email)));
  return owned.map((s) => s.id);
}

/** Makes the demo studio accounts owners of the oldest demo studios, once; answers the logins that exist. */
export async function seedDemoStudioAccounts(ctx: AppContext, log: (line: string) => void): Promise<number> {
  if (ctx.config.env.SEED_DEMO === '0' || ctx.config.production) return 0;
  const { db } = ctx;
  const existing = await db.select({ email: users.email }).from(users).where(inArray(users.email, DEMO_STUDIO_LOGINS.map((l) => l.email)));
  if (existing.length === 0) {
    const free = await db.select({ id: studios.id, fname: studios.fname, number: studios.number }).from(studios).where(isNull(studios.ownerId)).orderBy(asc(studios.createdAt)).limit(DEMO_STUDIO_LOGINS.length);
    for (const [i, studio] of free.entries()) {
      const login = DEMO_STUDIO_LOGINS[i]!;
      await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ email: login.email, fname: studio.fname, number: studio.number, role: 'studio', passwordHash: await hash(login.password) })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id });
        if (user) await tx.update(studios).set({ ownerId: user.id }).where(and(eq(studios.id, studio.id), isNull(studios.ownerId)));
      });
    }
  }
  const owned = await db
    .select({ email: users.email, fname: studios.fname })
    .from(users)
    .innerJoin(studios, eq(studios.ownerId, users.id))
    .where(inArray(users.email, DEMO_STUDIO_LOGINS.map((l) => l.email)));
  for (const row of owned) {
    const login = DEMO_STUDIO_LOGINS.find((l) => l.email === row.email)!;
    log(`demo studio login (${row.fname}): ${login.email} / ${login.password}`);
  }
  return owned.length;
}
