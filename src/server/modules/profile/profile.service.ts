/** Reads and changes a performer's own profile. */
import { asc, eq, sql } from 'drizzle-orm';
import type { UserProfile } from '../../../contract/profile.js';
import type { AppContext } from '../../context.js';
import { userMedia, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { presentProfile, profileEtag, type MediaLists } from './profile.presenter.js';

export function createProfileService(ctx: AppContext) {
  const { db } = ctx;
  const versionOf = db
    .select({ version: users.version, subscriptionEnd: users.subscriptionEnd })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('profile_version');
  const userById = db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('profile_user');
  const mediaOf = db
    .select({ mediaType: userMedia.mediaType, url: userMedia.url })
    .from(userMedia)
    .where(eq(userMedia.userId, sql.placeholder('id')))
    .orderBy(asc(userMedia.createdAt), asc(userMedia.id))
    .prepare('profile_media');

  return {
    /** The current ETag of a user's profile, from one small indexed read. */
    async etag(userId: string): Promise<string> {
      const [row] = await versionOf.execute({ id: userId });
      if (!row) throw errors.unauthorized();
      return profileEtag(userId, row.version, row.subscriptionEnd);
    },

    async get(userId: string): Promise<{ profile: UserProfile; etag: string }> {
      const [[user], media] = await Promise.all([userById.execute({ id: userId }), mediaOf.execute({ id: userId })]);
      if (!user) throw errors.unauthorized();
      const lists: MediaLists = { photos: [], videos: [], audios: [] };
      for (const item of media) {
        if (item.mediaType === 'photos' || item.mediaType === 'videos' || item.mediaType === 'audios') lists[item.mediaType].push(item.url);
      }
      return { profile: presentProfile(user, lists), etag: profileEtag(user.id, user.version, user.subscriptionEnd) };
    },
  };
}
