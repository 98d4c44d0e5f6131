/** Turns a user row and its media into the spec's user profile; nothing else leaves the server. */
import { endInForce, planInForce, queuedHasStarted, type StoredPlan } from '../../../contract/plan-in-force.js';
import type { UserProfile } from '../../../contract/profile.js';
import type { users } from '../../db/schema/index.js';
import { daysLeft } from '../../lib/days.js';

type UserRow = typeof users.$inferSelect;
/** The columns a profile is made of: what getUserData reads of the row, and no more. */
export const PROFILE_COLUMNS = [
  'id', 'version', 'fname', 'email', 'number', 'gender', 'pronoun', 'profileUrl', 'category', 'visibility', 'profilePic', 'location',
  'age', 'height', 'weight', 'bodyType', 'hairColor', 'eyeColor', 'profileStatedAt',
  'subscriptionName', 'subscriptionPrice', 'subscriptionStart', 'subscriptionEnd', 'queuedPlanName', 'queuedPlanPrice',
] as const satisfies readonly (keyof UserRow)[];
export type ProfileColumns = Pick<UserRow, (typeof PROFILE_COLUMNS)[number]>;
export type MediaLists = Pick<UserProfile, 'photos' | 'videos' | 'audios'>;

export function presentProfile(user: ProfileColumns, media: MediaLists): UserProfile {
  // A queued plan shows from the moment it takes over (docs/product.md §11.10).
  const plan = planInForce(user);
  return {
    _id: user.id,
    fname: user.fname,
    email: user.email,
    number: user.number,
    gender: user.gender,
    pronoun: user.pronoun,
    profileUrl: user.profileUrl,
    category: user.category,
    visibility: user.visibility === 'private' ? 'private' : 'public',
    profilePic: user.profilePic,
    location: user.location,
    age: user.age,
    height: user.height,
    weight: user.weight,
    bodyType: user.bodyType,
    hairColor: user.hairColor,
    eyeColor: user.eyeColor,
    photos: media.photos,
    videos: media.videos,
    audios: media.audios,
    subscriptionName: plan.name,
    subscriptionPrice: plan.price,
    daysLeft: daysLeft(plan.end),
    profileStated: user.profileStatedAt !== null,
  };
}

/** What the ETag is made of: the row's version and what says which plan is in force. */
export type ProfileVersion = { version: number } & Pick<StoredPlan, 'subscriptionEnd' | 'queuedPlanName'>;

/**
 * The ETag of a profile: it changes with the row's version, with the days left, and when a
 * queued plan takes over (no write marks that moment, and the days left alone could repeat).
 */
export function profileEtag(userId: string, known: ProfileVersion, now = Date.now()): string {
  return profileEtagOf(userId, known.version, daysLeft(endInForce(known, now), now), queuedHasStarted(known, now));
}

export function profileEtagOf(userId: string, version: number, days: number, queuedStarted: boolean): string {
  return `W/"u-${userId}-${version}-${days}${queuedStarted ? '-q' : ''}"`;
}
