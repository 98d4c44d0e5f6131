/**
 * A studio's shortlists and its private reviews (docs/talent.md). Both go with the studio's
 * account, and a deleted performer leaves every list and review, by the tables' cascades.
 * A performer's export holds no studio's review: those notes are the studio's own. The
 * studio's export names only the performers its shortlists show it: one who turned private
 * (and never applied to it) is left out of both, as GET /api/studio/shortlists leaves them out
 * (docs/security.md, "Talent search and shortlists").
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shortlistMembers, shortlists, talentReviews, users } from '../../db/schema/index.js';
import { visibleTo } from './talent.presenter.js';

// This area's part of the account export and deletion (docs/account.md), registered in account/sections.ts.
// Shaped as an AccountSection (account/account-sections.ts), which this area does not import.
export const talentSection = {
  name: 'shortlistsAndReviews',
  async export(db: Db, account: { id: string }) {
    const lists = await db
      .select({ id: shortlists.id, name: shortlists.name, createdAt: shortlists.createdAt })
      .from(shortlists)
      .where(eq(shortlists.ownerId, account.id))
      .orderBy(asc(shortlists.createdAt), asc(shortlists.id));
    const members = await db
      .select({ listId: shortlistMembers.shortlistId, performer: users.fname, performerId: users.id, addedAt: shortlistMembers.addedAt })
      .from(shortlistMembers)
      .innerJoin(shortlists, eq(shortlists.id, shortlistMembers.shortlistId))
      .innerJoin(users, eq(users.id, shortlistMembers.performerId))
      .where(and(eq(shortlists.ownerId, account.id), visibleTo(account.id)))
      .orderBy(asc(shortlistMembers.addedAt), asc(shortlistMembers.shortlistId), asc(shortlistMembers.performerId));
    const reviews = await db
      .select({ performer: users.fname, performerId: users.id, rating: talentReviews.rating, note: talentReviews.note, updatedAt: talentReviews.updatedAt })
      .from(talentReviews)
      .innerJoin(users, eq(users.id, talentReviews.performerId))
      .where(and(eq(talentReviews.studioUserId, account.id), visibleTo(account.id)))
      .orderBy(asc(talentReviews.updatedAt), asc(talentReviews.performerId));
    return {
      shortlists: lists.map((l) => ({
        name: l.name,
        createdAt: l.createdAt,
        members: members.filter((m) => m.listId === l.id).map(({ performer, performerId, addedAt }) => ({ performer, performerId, addedAt })),
      })),
      reviews,
    };
  },
};
