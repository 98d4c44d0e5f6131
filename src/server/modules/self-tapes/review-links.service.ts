/**
 * Review links (docs/self-tapes.md, "Review links"): a studio shares 1–50 applicants of a
 * job with people who have no account. The token has 256 random bits and only its SHA-256
 * is stored; the answer carries name, picture, age, height, role, tape and sent media —
 * nothing private — and its tape and media URLs go through the token, so they end with it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { TAPE_MSG, type ReviewAnswer, type ReviewLinkBody, type ReviewLinkItem } from '../../../contract/self-tapes.js';
import type { AppContext } from '../../context.js';
import { applications, jobRoles, jobs, reviewLinks, studios, tapeRequests, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { isUuid } from '../../lib/uuid.js';
import { createStudioAccountsService } from '../studio-accounts/index.js';
import { heldSql } from '../guardians/index.js';

const DAY = 86_400_000;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const ended = () => errors.gone(TAPE_MSG.reviewLinkEnded, 'link_ended');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function createReviewLinksService(ctx: AppContext) {
  const { db } = ctx;
  const accounts = createStudioAccountsService(ctx);

  /** The live link of this token: 404 when there is none, 410 when revoked or expired. */
  async function linkOf(token: string, now = new Date()) {
    if (!TOKEN.test(token)) throw errors.notFound();
    const [link] = await db.select().from(reviewLinks).where(eq(reviewLinks.tokenHash, hashToken(token)));
    if (!link) throw errors.notFound();
    if (link.revokedAt || link.expiresAt <= now) throw ended();
    return link;
  }

  /** The link's applications still in its job, of a performer whose account exists and not withdrawn, or only `ids` of them. */
  async function sharedRows(link: typeof reviewLinks.$inferSelect, ids: string[] = link.applicationIds) {
    return db
      .select({ id: applications.id, media: applications.media, role: jobRoles.name, name: users.fname, profilePic: users.profilePic, age: users.age, height: users.height })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.performerId))
      .leftJoin(jobRoles, eq(jobRoles.id, applications.roleId))
      // A withdrawn applicant is no longer shared: their name, tape and media leave the room (docs/security.md, "Self-tapes").
      // So is a minor waiting for a guardian's consent (docs/guardians.md).
      .where(and(inArray(applications.id, ids), eq(applications.jobId, link.jobId), ne(applications.status, 'withdrawn'), sql`not ${heldSql(users.id)}`))
      .orderBy(applications.createdAt, applications.id);
  }

  /** Each application's latest sent tape, in one statement for the whole room. */
  async function latestTapeKeys(applicationIds: string[]): Promise<Map<string, string>> {
    const latest = new Map<string, string>();
    if (applicationIds.length === 0) return latest;
    const rows = await db
      .select({ applicationId: tapeRequests.applicationId, key: tapeRequests.tapeKey })
      .from(tapeRequests)
      .where(and(inArray(tapeRequests.applicationId, applicationIds), isNotNull(tapeRequests.tapeKey)))
      .orderBy(desc(tapeRequests.tapeSubmittedAt));
    for (const row of rows) if (row.key && !latest.has(row.applicationId)) latest.set(row.applicationId, row.key);
    return latest;
  }

  const present = (row: typeof reviewLinks.$inferSelect, jobTitle: string): ReviewLinkItem => ({
    _id: row.id,
    jobId: row.jobId,
    jobTitle,
    applicants: row.applicationIds.length,
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  });

  return {
    async create(userId: string, body: ReviewLinkBody, now = new Date()) {
      const studio = await accounts.ownStudio(userId);
      const ids = [...new Set(body.applicationIds)];
      const found = await db
        .select({ id: applications.id, status: applications.status })
        .from(applications)
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .where(and(inArray(applications.id, ids), eq(applications.jobId, body.jobId), eq(jobs.studioId, studio.id)));
      if (found.length !== ids.length) throw errors.badRequest(TAPE_MSG.applicationsOneJob, 'applications_invalid', 'applicationIds');
      if (found.some((a) => a.status === 'withdrawn')) throw errors.conflict(TAPE_MSG.applicationClosed, 'application_closed');
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + body.expiresInDays * DAY);
      const [row] = await db.insert(reviewLinks).values({ studioId: studio.id, jobId: body.jobId, tokenHash: hashToken(token), applicationIds: ids, expiresAt }).returning();
      return { _id: row!.id, url: `/review/${token}`, expiresAt: expiresAt.toISOString() };
    },

    async list(userId: string) {
      const studio = await accounts.ownStudio(userId);
      const rows = await db
        .select({ link: reviewLinks, title: jobs.title })
        .from(reviewLinks)
        .innerJoin(jobs, eq(jobs.id, reviewLinks.jobId))
        .where(eq(reviewLinks.studioId, studio.id))
        .orderBy(desc(reviewLinks.createdAt));
      return { reviewLinks: rows.map((r) => present(r.link, r.title)) };
    },

    async revoke(userId: string, id: string, now = new Date()) {
      const studio = await accounts.ownStudio(userId);
      if (!isUuid(id)) throw errors.notFound();
      const [row] = await db.select().from(reviewLinks).where(and(eq(reviewLinks.id, id), eq(reviewLinks.studioId, studio.id)));
      if (!row) throw errors.notFound();
      const [done] = await db.update(reviewLinks).set({ revokedAt: row.revokedAt ?? now }).where(eq(reviewLinks.id, id)).returning();
      const [job] = await db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, row.jobId));
      return present(done!, job?.title ?? '');
    },

    /** GET /api/review/{token}: the §2 shape and nothing else. */
    async open(token: string): Promise<ReviewAnswer> {
      const link = await linkOf(token);
      const [head] = await db.select({ title: jobs.title, fname: studios.fname }).from(jobs).innerJoin(studios, eq(studios.id, jobs.studioId)).where(eq(jobs.id, link.jobId));
      const rows = await sharedRows(link);
      const tapes = await latestTapeKeys(rows.map((r) => r.id));
      const base = `/api/review/${token}`;
      const performers = rows.map((r) => ({
        name: r.name,
        profilePic: r.profilePic,
        age: r.age,
        height: r.height,
        role: r.role ?? '',
        tape: tapes.has(r.id) ? { url: `${base}/tapes/${r.id}` } : null,
        media: r.media.map((m, i) => ({ url: `${base}/media/${r.id}/${i}`, type: m.type })),
      }));
      return { job: { title: head?.title ?? '' }, studio: { fname: head?.fname ?? '' }, performers };
    },

    /** The stored key of a shared application's tape or sent file, only through a live token. */
    async fileKey(token: string, applicationId: string, index: number | null): Promise<string> {
      const link = await linkOf(token);
      if (!isUuid(applicationId) || !link.applicationIds.includes(applicationId)) throw errors.notFound();
      const [row] = await sharedRows(link, [applicationId]);
      if (!row) throw errors.notFound();
      if (index === null) {
        const key = (await latestTapeKeys([applicationId])).get(applicationId);
        if (!key) throw errors.notFound();
        return key;
      }
      const url = row.media[index]?.url;
      const key = url ? /\/uploads\/(.+)$/.exec(url)?.[1] ?? /^https?:\/\/[^/]+\/(.+)$/.exec(url)?.[1] : undefined;
      if (!key) throw errors.notFound();
      return key;
    },
  };
}
