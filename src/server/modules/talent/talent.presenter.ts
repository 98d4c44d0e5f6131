/** Turns performer rows into the talent shapes; nothing private (e-mail, number, plan) leaves. */
import { sql } from 'drizzle-orm';
import type { Review, TalentCard } from '../../../contract/talent.js';
import { talentReviews, users } from '../../db/schema/index.js';
import { heldSql, minorSql } from '../guardians/index.js';

/** The columns a card needs, for a select. */
export const cardColumns = {
  id: users.id,
  fname: users.fname,
  gender: users.gender,
  category: users.category,
  location: users.location,
  profilePic: users.profilePic,
  age: users.age,
  height: users.height,
  photoCount: users.photoCount,
  videoCount: users.videoCount,
  audioCount: users.audioCount,
  profileStatedAt: users.profileStatedAt,
  minor: minorSql(users.id),
};

// `_['data']` drops a column's null: the one nullable column is spelled out.
export type CardRow = { [K in Exclude<keyof typeof cardColumns, 'profileStatedAt' | 'minor'>]: (typeof cardColumns)[K]['_']['data'] } & { profileStatedAt: Date | null; minor: boolean };

export function presentCard(row: CardRow): TalentCard {
  return {
    _id: row.id,
    fname: row.fname,
    // Until the performer saves the profile form these are its defaults, not choices (docs/talent.md).
    gender: row.profileStatedAt ? row.gender : '',
    category: row.profileStatedAt ? row.category : '',
    location: row.location,
    profilePic: row.profilePic,
    age: row.age,
    height: row.height,
    media: { photos: row.photoCount, videos: row.videoCount, audios: row.audioCount },
    minor: row.minor,
  };
}

export function presentReview(row: Pick<typeof talentReviews.$inferSelect, 'rating' | 'note' | 'updatedAt'>): Review {
  return { rating: row.rating, note: row.note, updatedAt: row.updatedAt.toISOString() };
}

/** Whether the performer is one a studio account may see: public, or applied to one of its jobs. */
export const visibleTo = (studioUserId: string | null) =>
  studioUserId
    ? sql`(${users.visibility} = 'public' or exists (
        select 1 from applications a join jobs j on j.id = a.job_id join studios s on s.id = j.studio_id
        where a.performer_id = ${users.id} and s.owner_id = ${studioUserId})) and not ${heldSql(users.id)}`
    : sql`${users.visibility} = 'public' and not ${heldSql(users.id)}`;
