/**
 * A studio's shortlists and its private reviews (docs/talent.md). Every list and review
 * belongs to the studio account that made it: another account's list is not found.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { TALENT_LIMITS, TALENT_MSG, type Review, type ReviewBody, type Shortlist } from '../../../contract/talent.js';
import type { AppContext } from '../../context.js';
import { shortlistMembers, shortlists, talentReviews, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { isUuid } from '../../lib/uuid.js';
import { visiblePerformer } from './portfolio.service.js';
import { cardColumns, presentCard, presentReview, visibleTo } from './talent.presenter.js';

export function createShortlistsService(ctx: AppContext) {
  const { db } = ctx;
  const asStudio = (userId: string) => ({ userId, role: 'studio' as const });

  async function ownList(ownerId: string, listId: string) {
    if (!isUuid(listId)) throw errors.notFound(TALENT_MSG.shortlistNotFound);
    const [list] = await db.select().from(shortlists).where(and(eq(shortlists.id, listId), eq(shortlists.ownerId, ownerId)));
    if (!list) throw errors.notFound(TALENT_MSG.shortlistNotFound);
    return list;
  }

  /**
   * The studio's lists, oldest first, each with its members and the studio's own reviews of them.
   * A member is shown only while the studio may see them (docs/talent.md, "Who sees a
   * performer"): one who turned private since is left out, not removed, and comes back if
   * they turn public again or apply to one of the studio's jobs.
   */
  async function lists(ownerId: string, only?: string): Promise<Shortlist[]> {
    const rows = await db
      .select()
      .from(shortlists)
      .where(only ? and(eq(shortlists.ownerId, ownerId), eq(shortlists.id, only)) : eq(shortlists.ownerId, ownerId))
      .orderBy(asc(shortlists.createdAt), asc(shortlists.id));
    if (rows.length === 0) return [];
    const members = await db
      .select({ listId: shortlistMembers.shortlistId, addedAt: shortlistMembers.addedAt, card: cardColumns })
      .from(shortlistMembers)
      .innerJoin(users, eq(users.id, shortlistMembers.performerId))
      .where(
        and(
          inArray(
            shortlistMembers.shortlistId,
            rows.map((r) => r.id),
          ),
          visibleTo(ownerId),
        ),
      )
      .orderBy(asc(shortlistMembers.addedAt), asc(users.id));
    const ids = [...new Set(members.map((m) => m.card.id))];
    const reviews = ids.length
      ? await db
          .select()
          .from(talentReviews)
          .where(and(eq(talentReviews.studioUserId, ownerId), inArray(talentReviews.performerId, ids)))
      : [];
    const reviewOf = new Map(reviews.map((r) => [r.performerId, presentReview(r)]));
    return rows.map((list) => ({
      _id: list.id,
      name: list.name,
      createdAt: list.createdAt.toISOString(),
      members: members
        .filter((m) => m.listId === list.id)
        .map((m) => ({ performer: presentCard(m.card), addedAt: m.addedAt.toISOString(), review: reviewOf.get(m.card.id) ?? null })),
    }));
  }

  return {
    list: lists,

    async create(ownerId: string, name: string): Promise<Shortlist> {
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(shortlists).where(eq(shortlists.ownerId, ownerId));
      if (n >= TALENT_LIMITS.shortlistsMax) throw errors.conflict(TALENT_MSG.tooManyLists(TALENT_LIMITS.shortlistsMax));
      const [row] = await db.insert(shortlists).values({ ownerId, name }).returning();
      return { _id: row!.id, name: row!.name, createdAt: row!.createdAt.toISOString(), members: [] };
    },

    /** Renames one of the studio's own lists; a name another of its lists has is allowed, as at creation (docs/talent.md). */
    async rename(ownerId: string, listId: string, name: string): Promise<Shortlist> {
      await ownList(ownerId, listId);
      await db.update(shortlists).set({ name }).where(and(eq(shortlists.id, listId), eq(shortlists.ownerId, ownerId)));
      return (await lists(ownerId, listId))[0]!;
    },

    /** Deletes one of the studio's own lists; its members go with it (the foreign key cascades), the performers and reviews stay. */
    async remove(ownerId: string, listId: string): Promise<void> {
      await ownList(ownerId, listId);
      await db.delete(shortlists).where(and(eq(shortlists.id, listId), eq(shortlists.ownerId, ownerId)));
    },

    async addMember(ownerId: string, listId: string, performerId: string): Promise<Shortlist> {
      await ownList(ownerId, listId);
      await visiblePerformer(db, performerId, asStudio(ownerId));
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(shortlistMembers).where(eq(shortlistMembers.shortlistId, listId));
      if (n >= TALENT_LIMITS.membersMax) throw errors.conflict(TALENT_MSG.listFull(TALENT_LIMITS.membersMax));
      const added = await db.insert(shortlistMembers).values({ shortlistId: listId, performerId }).onConflictDoNothing().returning();
      if (added.length === 0) throw errors.conflict(TALENT_MSG.alreadyOnList);
      return (await lists(ownerId, listId))[0]!;
    },

    async removeMember(ownerId: string, listId: string, performerId: string): Promise<void> {
      await ownList(ownerId, listId);
      if (!isUuid(performerId)) throw errors.notFound(TALENT_MSG.notOnList);
      const gone = await db
        .delete(shortlistMembers)
        .where(and(eq(shortlistMembers.shortlistId, listId), eq(shortlistMembers.performerId, performerId)))
        .returning();
      if (gone.length === 0) throw errors.notFound(TALENT_MSG.notOnList);
    },

    /** Sets (or replaces) the studio's own rating and note of a performer it may see. */
    async review(ownerId: string, performerId: string, body: Required<ReviewBody>): Promise<Review> {
      await visiblePerformer(db, performerId, asStudio(ownerId));
      const now = new Date();
      const [row] = await db
        .insert(talentReviews)
        .values({ studioUserId: ownerId, performerId, rating: body.rating, note: body.note, updatedAt: now })
        .onConflictDoUpdate({
          target: [talentReviews.studioUserId, talentReviews.performerId],
          set: { rating: body.rating, note: body.note, updatedAt: now },
        })
        .returning();
      return presentReview(row!);
    },
  };
}
