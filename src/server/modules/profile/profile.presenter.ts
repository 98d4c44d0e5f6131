/** Turns a user row and its media into the spec's user profile; nothing else leaves the server. */
import type { UserProfile } from '../../../contract/profile.js';
import type { users } from '../../db/schema/index.js';

type UserRow = typeof users.$inferSelect;
export type MediaLists = Pick<UserProfile, 'photos' | 'videos' | 'audios'>;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days until the subscription ends, counted up; 0 once it has ended. */
export function daysLeft(end: Date | null, now = Date.now()): number {
  if (!end) return 0;
  return Math.max(0, Math.ceil((end.getTime() - now) / DAY_MS));
}

export function presentProfile(user: UserRow, media: MediaLists): UserProfile {
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
    subscriptionName: user.subscriptionName,
    subscriptionPrice: Number(user.subscriptionPrice),
    daysLeft: daysLeft(user.subscriptionEnd),
  };
}

/** The ETag of a profile: it changes with the row's version and with the days left. */
export function profileEtag(userId: string, version: number, subscriptionEnd: Date | null): string {
  return profileEtagOf(userId, version, daysLeft(subscriptionEnd));
}

export function profileEtagOf(userId: string, version: number, days: number): string {
  return `W/"u-${userId}-${version}-${days}"`;
}
