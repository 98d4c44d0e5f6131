/**
 * A demo review link with feedback (docs/self-tapes.md, "Feedback"): on the first demo
 * studio account's job that has demo applications, a link labelled "Director" for its first
 * three applicants, with a producer's picks. Once; never with NODE_ENV=production. Only the
 * token's hash is kept, so the link's address is printed at start, as the demo logins are.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { applications, jobs, reviewFeedback, reviewLinks } from '../db/schema/index.js';
import { demoStudioIds } from './studio-accounts.js';
import { hashLinkToken, newLinkToken } from '../lib/link-token.js';

const PICKS = [
  { name: 'Dana Producer', pick: 'yes', comment: 'Strong read. Bring her back for the callback.' },
  { name: 'Dana Producer', pick: 'maybe', comment: '' },
  { name: 'Dana Producer', pick: 'no', comment: 'Not right for this part.' },
] as const;

export async function seedDemoReviewLink(ctx: AppContext, log: (line: string) => void, now = new Date()): Promise<number> {
  if (ctx.config.env.SEED_DEMO === '0' || ctx.config.production) return 0;
  const { db } = ctx;
  const ids = await demoStudioIds(db);
  if (ids.length === 0) return 0;
  const [already] = await db.select({ id: reviewLinks.id }).from(reviewLinks).where(inArray(reviewLinks.studioId, ids)).limit(1);
  if (already) return 0;
  const apps = await db
    .select({ id: applications.id, jobId: applications.jobId, studioId: jobs.studioId })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(and(inArray(jobs.studioId, ids), ne(applications.status, 'withdrawn')))
    .orderBy(asc(jobs.createdAt), asc(applications.createdAt), asc(applications.id))
    .limit(20);
  const first = apps[0];
  if (!first) return 0;
  const shared = apps.filter((a) => a.jobId === first.jobId).slice(0, PICKS.length);
  const token = newLinkToken();
  const tokenHash = hashLinkToken(token);
  const [link] = await db
    .insert(reviewLinks)
    .values({ studioId: first.studioId, jobId: first.jobId, tokenHash, applicationIds: shared.map((a) => a.id), expiresAt: new Date(now.getTime() + 14 * 86_400_000), label: 'Director' })
    .returning({ id: reviewLinks.id });
  await db.insert(reviewFeedback).values(
    shared.map((a, i) => ({ linkId: link!.id, applicationId: a.id, name: PICKS[i]!.name, nameKey: PICKS[i]!.name.toLowerCase(), pick: PICKS[i]!.pick, comment: PICKS[i]!.comment, updatedAt: now })),
  );
  log(`demo review link with feedback: /review/${token}`);
  return shared.length;
}
