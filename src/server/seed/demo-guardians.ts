/**
 * A demo minor with a guardian's consent (docs/guardians.md, OFFICE.md §6): a public 15-year-old
 * with a portrait, whom studios find in talent search marked "Under 18 — guardian consented".
 * Once; never with NODE_ENV=production. Nobody logs in as a demo performer; the guardian's link
 * (only its hash is kept) is printed at start, as the review link is, so the consent page can
 * be shown.
 */
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { GUARDIAN_LINK_DAYS } from '../../contract/guardians-messages.js';
import type { AppContext } from '../context.js';
import { hashLinkToken, newLinkToken } from '../lib/link-token.js';
import { guardianEvents, performerAges, users, userMedia } from '../db/schema/index.js';
import { demoPortrait } from './data.js';

export const DEMO_MINOR = {
  email: 'young-performer@minors.demo.audition.local',
  fname: 'Riya Menon',
  years: 15,
  guardian: { name: 'Lata Menon', email: 'guardian@minors.demo.audition.local' },
} as const;

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The date of birth of someone `years` old on `now`'s UTC day, less a month, so the age holds for a while. */
function bornAgo(years: number, now: Date) {
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Seeds the demo minor once; answers 1 when it did. */
export async function seedDemoGuardians(ctx: AppContext, log: (line: string) => void, now = new Date()): Promise<number> {
  if (ctx.config.env.SEED_DEMO === '0' || ctx.config.production) return 0;
  const passwordHash = await hash(randomBytes(24).toString('base64url'));
  const token = newLinkToken();
  const tokenHash = hashLinkToken(token);
  const added = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('audition:seed-demo-guardians'))`);
    const [already] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_MINOR.email));
    if (already) return 0;
    const [row] = await tx
      .insert(users)
      .values({
        email: DEMO_MINOR.email,
        fname: DEMO_MINOR.fname,
        passwordHash,
        role: 'performer',
        visibility: 'public',
        gender: 'Female',
        pronoun: 'Ms.',
        category: 'Actor',
        profileStatedAt: now,
        location: 'Kochi',
        age: String(DEMO_MINOR.years),
        profilePic: demoPortrait(6),
      })
      .returning({ id: users.id, profilePic: users.profilePic });
    const userId = row!.id;
    await tx.insert(userMedia).values({ userId, mediaType: 'photos', url: row!.profilePic });
    const { name: guardianName, email: guardianEmail } = DEMO_MINOR.guardian;
    const sentAt = new Date(now.getTime() - 2 * DAY_MS);
    await tx.insert(performerAges).values({
      userId,
      dateOfBirth: bornAgo(DEMO_MINOR.years, now),
      minor: true,
      guardianName,
      guardianEmail,
      consentedAt: new Date(now.getTime() - DAY_MS),
      tokenHash,
      tokenExpiresAt: new Date(sentAt.getTime() + GUARDIAN_LINK_DAYS * DAY_MS),
      updatedAt: now,
    });
    await tx.insert(guardianEvents).values([
      { userId, kind: 'link_sent', guardianName, guardianEmail, tokenHash, at: sentAt },
      { userId, kind: 'consented', guardianName, guardianEmail, at: new Date(now.getTime() - DAY_MS) },
    ]);
    return 1;
  });
  if (added) log(`demo minor ${DEMO_MINOR.fname} with a guardian's consent; the guardian's link: /guardian/${token}`);
  return added;
}
