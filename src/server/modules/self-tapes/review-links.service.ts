/**
 * Review links (docs/self-tapes.md, "Review links"): a studio shares 1–50 applicants of a
 * job with people who have no account. The token has 256 random bits and only its SHA-256
 * is stored; the answer carries name, picture, age, height, role, tape and sent media —
 * nothing private — and its tape and media URLs go through the token, so they end with it.
 */
import { createHash } from 'node:crypto';
import { and, count, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import {
  TAPE_MSG,
  type FeedbackAnswer,
  type FeedbackPick,
  type LinkFeedbackAnswer,
  type ReviewAnswer,
  type ReviewLinkBody,
  type ReviewLinkItem,
} from '../../../contract/self-tapes.js';
import type { AppContext } from '../../context.js';
import { applications, jobRoles, jobs, reviewFeedback, reviewLinks, studios, tapeRequests, users } from '../../db/schema/index.js';
import { conversionsOf, convertedKey, playbackOf, type ConvertedFile } from '../media/index.js';
import { errors } from '../../errors.js';
import { isUuid } from '../../lib/uuid.js';
import { createStudioAccountsService } from '../studio-accounts/index.js';
import { heldSql } from '../guardians/index.js';
import { historyAction, type Actor } from '../history/index.js';
import { hashLinkToken, newLinkToken } from '../../lib/link-token.js';

const DAY = 86_400_000;
const ended = () => errors.linkEnded();
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/**
 * A performer's id on one link (docs/self-tapes.md, "Feedback"): derived from the link's
 * token hash and the application, so it names nobody elsewhere and another link's differs.
 */
const performerIdOf = (link: { tokenHash: string }, applicationId: string) =>
  createHash('sha256').update(`${link.tokenHash}:${applicationId}`).digest('base64url').slice(0, 22);
/** The key one name's feedback is kept under: the same name in other case or spacing is the same viewer. */
const nameKeyOf = (name: string) => name.normalize('NFC').toLowerCase().replace(/\s+/g, ' ');

export function createReviewLinksService(ctx: AppContext) {
  const { db } = ctx;
  const accounts = createStudioAccountsService(ctx);

  /** The live link of this token: 404 when there is none, 410 when revoked or expired. */
  async function linkOf(token: string, now = new Date()) {
    if (!TOKEN.test(token)) throw errors.notFound();
    const [link] = await db.select().from(reviewLinks).where(eq(reviewLinks.tokenHash, hashLinkToken(token)));
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

  const present = (row: typeof reviewLinks.$inferSelect, jobTitle: string, feedback: number): ReviewLinkItem => ({
    _id: row.id,
    jobId: row.jobId,
    jobTitle,
    applicants: row.applicationIds.length,
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    label: row.label,
    feedback,
    by: row.createdBy ?? null,
  });

  /** How many feedbacks each of these links has. */
  async function feedbackCounts(linkIds: string[]): Promise<Map<string, number>> {
    if (linkIds.length === 0) return new Map();
    const rows = await db.select({ linkId: reviewFeedback.linkId, n: count() }).from(reviewFeedback).where(inArray(reviewFeedback.linkId, linkIds)).groupBy(reviewFeedback.linkId);
    return new Map(rows.map((r) => [r.linkId, Number(r.n)]));
  }

  /** The studio's own link, or 404. */
  async function ownLink(userId: string, id: string) {
    const studio = await accounts.ownStudio(userId);
    if (!isUuid(id)) throw errors.notFound();
    const [row] = await db.select().from(reviewLinks).where(and(eq(reviewLinks.id, id), eq(reviewLinks.studioId, studio.id)));
    if (!row) throw errors.notFound();
    return row;
  }

  return {
    async create(userId: string, body: ReviewLinkBody, by?: Actor, now = new Date()) {
      const studio = await accounts.ownStudio(userId);
      const ids = [...new Set(body.applicationIds)];
      const found = await db
        .select({ id: applications.id, status: applications.status })
        .from(applications)
        .innerJoin(jobs, eq(jobs.id, applications.jobId))
        .where(and(inArray(applications.id, ids), eq(applications.jobId, body.jobId), eq(jobs.studioId, studio.id)));
      if (found.length !== ids.length) throw errors.applicationsInvalid();
      if (found.some((a) => a.status === 'withdrawn')) throw errors.applicationClosed();
      const token = newLinkToken();
      const expiresAt = new Date(now.getTime() + body.expiresInDays * DAY);
      const label = body.label ? body.label : null;
      // The link and who made it, on the link and in each application's history (docs/team.md).
      const row = await db.transaction(async (tx) => {
        const [made] = await tx.insert(reviewLinks).values({ studioId: studio.id, jobId: body.jobId, tokenHash: hashLinkToken(token), applicationIds: ids, expiresAt, label, createdBy: by ?? null }).returning();
        await tx.update(applications).set({ history: historyAction('review_link', now, by) }).where(inArray(applications.id, ids));
        return made;
      });
      return { _id: row!.id, url: `/review/${token}`, expiresAt: expiresAt.toISOString(), by: by ?? null };
    },

    async list(userId: string) {
      const studio = await accounts.ownStudio(userId);
      const rows = await db
        .select({ link: reviewLinks, title: jobs.title })
        .from(reviewLinks)
        .innerJoin(jobs, eq(jobs.id, reviewLinks.jobId))
        .where(eq(reviewLinks.studioId, studio.id))
        .orderBy(desc(reviewLinks.createdAt));
      const counts = await feedbackCounts(rows.map((r) => r.link.id));
      return { reviewLinks: rows.map((r) => present(r.link, r.title, counts.get(r.link.id) ?? 0)) };
    },

    async revoke(userId: string, id: string, now = new Date()) {
      const row = await ownLink(userId, id);
      const [done] = await db.update(reviewLinks).set({ revokedAt: row.revokedAt ?? now }).where(eq(reviewLinks.id, id)).returning();
      const [job] = await db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, row.jobId));
      return present(done!, job?.title ?? '', (await feedbackCounts([id])).get(id) ?? 0);
    },

    /**
     * POST /api/review/{token}/feedback: one per name and performer, the last one stands.
     * A dead link is 410 before anything is read of the body; a performer not (or no longer)
     * shared on the link is 404.
     */
    async giveFeedback(token: string, body: { performerId: string; name: string; pick: FeedbackPick; comment: string }, now = new Date()): Promise<FeedbackAnswer> {
      const link = await linkOf(token, now);
      const applicationId = link.applicationIds.find((id) => performerIdOf(link, id) === body.performerId);
      if (!applicationId) throw errors.notFound(TAPE_MSG.feedbackPerformerGone);
      const [shared] = await sharedRows(link, [applicationId]);
      if (!shared) throw errors.notFound(TAPE_MSG.feedbackPerformerGone);
      const values = { linkId: link.id, applicationId, name: body.name, nameKey: nameKeyOf(body.name), pick: body.pick, comment: body.comment, updatedAt: now };
      const [row] = await db
        .insert(reviewFeedback)
        .values(values)
        .onConflictDoUpdate({
          target: [reviewFeedback.linkId, reviewFeedback.applicationId, reviewFeedback.nameKey],
          set: { name: values.name, pick: values.pick, comment: values.comment, updatedAt: sql`excluded.updated_at` },
        })
        .returning();
      return { performerId: body.performerId, name: row!.name, pick: row!.pick as FeedbackPick, comment: row!.comment, updatedAt: row!.updatedAt.toISOString() };
    },

    /** GET /api/studio/review-links/{id}/feedback: the studio's own link, revoked or not, newest first. */
    async feedbackOf(userId: string, id: string): Promise<LinkFeedbackAnswer> {
      const link = await ownLink(userId, id);
      const [job] = await db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, link.jobId));
      const rows = await db
        .select({ f: reviewFeedback, performer: users.fname })
        .from(reviewFeedback)
        .innerJoin(applications, eq(applications.id, reviewFeedback.applicationId))
        .leftJoin(users, eq(users.id, applications.performerId))
        .where(eq(reviewFeedback.linkId, link.id))
        .orderBy(desc(reviewFeedback.updatedAt), desc(reviewFeedback.id));
      return {
        link: present(link, job?.title ?? '', rows.length),
        feedback: rows.map(({ f, performer }) => ({
          performerId: performerIdOf(link, f.applicationId),
          applicationId: f.applicationId,
          performer: { name: performer ?? TAPE_MSG.unknownPerformer },
          name: f.name,
          pick: f.pick as FeedbackPick,
          comment: f.comment,
          updatedAt: f.updatedAt.toISOString(),
        })),
      };
    },

    /** GET /api/review/{token}: the §2 shape and nothing else. */
    async open(token: string): Promise<ReviewAnswer> {
      const link = await linkOf(token);
      const [head] = await db.select({ title: jobs.title, fname: studios.fname }).from(jobs).innerJoin(studios, eq(studios.id, jobs.studioId)).where(eq(jobs.id, link.jobId));
      const rows = await sharedRows(link);
      const tapes = await latestTapeKeys(rows.map((r) => r.id));
      const conversions = await conversionsOf(db, [...tapes.values()]);
      const base = `/api/review/${token}`;
      // The converted MP4 and poster go through the token as the original does (docs/media.md).
      const tapeOf = (id: string, key: string) => {
        const url = `${base}/tapes/${id}`;
        const { width: _w, height: _h, ...fields } = playbackOf(conversions.get(key), { playback: () => `${url}?file=playback`, poster: () => `${url}?file=poster` });
        return { url, ...fields };
      };
      // Sent videos: their conversions by stored key, played through the token as the tape is.
      const mediaKey = (url: string) => /\/uploads\/(.+)$/.exec(url)?.[1] ?? /^https?:\/\/[^/]+\/(.+)$/.exec(url)?.[1];
      const mediaConversionsOf = await conversionsOf(db, rows.flatMap((r) => r.media.flatMap((m) => (m.type === 'videos' && mediaKey(m.url) ? [mediaKey(m.url)!] : []))));
      const mediaOf = (id: string, i: number, type: string, stored: string) => {
        const url = `${base}/media/${id}/${i}`;
        const key = type === 'videos' ? mediaKey(stored) : undefined;
        if (!key) return { url, type };
        const { width: _w, height: _h, ...fields } = playbackOf(mediaConversionsOf.get(key), { playback: () => `${url}?file=playback`, poster: () => `${url}?file=poster` });
        return { url, type, ...fields };
      };
      const performers = rows.map((r) => ({
        _id: performerIdOf(link, r.id),
        name: r.name,
        profilePic: r.profilePic,
        age: r.age,
        height: r.height,
        role: r.role ?? '',
        tape: tapes.has(r.id) ? tapeOf(r.id, tapes.get(r.id)!) : null,
        media: r.media.map((m, i) => mediaOf(r.id, i, m.type, m.url)),
      }));
      return { job: { title: head?.title ?? '' }, studio: { fname: head?.fname ?? '' }, performers };
    },

    /** The stored key of a shared application's tape or sent file, only through a live token. */
    async fileKey(token: string, applicationId: string, index: number | null, file?: ConvertedFile): Promise<string> {
      const link = await linkOf(token);
      if (!isUuid(applicationId) || !link.applicationIds.includes(applicationId)) throw errors.notFound();
      const [row] = await sharedRows(link, [applicationId]);
      if (!row) throw errors.notFound();
      if (index === null) {
        const key = (await latestTapeKeys([applicationId])).get(applicationId);
        if (!key) throw errors.notFound();
        if (!file) return key;
        const converted = await convertedKey(db, key, file);
        if (!converted) throw errors.notFound();
        return converted;
      }
      const url = row.media[index]?.url;
      const key = url ? /\/uploads\/(.+)$/.exec(url)?.[1] ?? /^https?:\/\/[^/]+\/(.+)$/.exec(url)?.[1] : undefined;
      if (!key) throw errors.notFound();
      if (!file) return key;
      const converted = await convertedKey(db, key, file);
      if (!converted) throw errors.notFound();
      return converted;
    },
  };
}
