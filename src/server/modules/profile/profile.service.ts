/** Reads and changes a performer's own profile. */
import { asc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { MSG } from '../../../contract/messages.js';
import type { AppearanceForm, BasicInfoForm, UserProfile, Visibility } from '../../../contract/profile.js';
import type { AppContext } from '../../context.js';
import { userMedia, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { isIssuedTo } from '../media/index.js';
import { presentProfile, profileEtag, type MediaLists } from './profile.presenter.js';

type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export function createProfileService(ctx: AppContext) {
  const { db } = ctx;
  const userById = db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('profile_user');
  const mediaOf = db
    .select({ mediaType: userMedia.mediaType, url: userMedia.url })
    .from(userMedia)
    .where(eq(userMedia.userId, sql.placeholder('id')))
    .orderBy(asc(userMedia.createdAt), asc(userMedia.id))
    .prepare('profile_media');

  async function mediaListsOf(userId: string): Promise<MediaLists> {
    const lists: MediaLists = { photos: [], videos: [], audios: [] };
    for (const item of await mediaOf.execute({ id: userId })) {
      if (item.mediaType === 'photos' || item.mediaType === 'videos' || item.mediaType === 'audios') lists[item.mediaType].push(item.url);
    }
    return lists;
  }

  /** Writes the changes, bumps the version (so the next poll sees them) and answers the saved profile. */
  async function save(userId: string, changes: PgUpdateSetSource<typeof users>): Promise<UserProfile> {
    const [user] = await db
      .update(users)
      .set({ ...changes, version: sql`${users.version} + 1` })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw errors.unauthorized();
    return presentProfile(user, await mediaListsOf(userId));
  }

  async function get(userId: string): Promise<{ profile: UserProfile; etag: string }> {
    const [[user], lists] = await Promise.all([userById.execute({ id: userId }), mediaListsOf(userId)]);
    if (!user) throw errors.unauthorized();
    return { profile: presentProfile(user, lists), etag: profileEtag(user.id, user.version, user.subscriptionEnd) };
  }

  /** An empty name in a form keeps the current one. */
  const nameOr = (fname: string) => fname || sql`${users.fname}`;

  return {
    get,

    /**
     * Basic info from the edit-profile form. profilePic may be empty (no picture), the
     * current picture, or an image the server stored for this user; nothing else.
     * An empty name keeps the current one.
     */
    async updateBasicInfo(userId: string, form: Parsed<BasicInfoForm>): Promise<UserProfile> {
      const [current] = await userById.execute({ id: userId });
      if (!current) throw errors.unauthorized();
      if (form.profilePic && form.profilePic !== current.profilePic && !(await isIssuedTo(ctx, userId, form.profilePic, 'images'))) {
        throw errors.badRequest(MSG.fileNotYours, 'not_issued');
      }
      return save(userId, {
        fname: nameOr(form.fname),
        location: form.location,
        gender: form.gender,
        profileUrl: form.profileUrl,
        pronoun: form.pronoun,
        category: form.category,
        profilePic: form.profilePic,
      });
    },

    async updateVisibility(userId: string, visibility: Visibility): Promise<UserProfile> {
      return save(userId, { visibility });
    },

    /** The appearance rows; name, location and gender come along unchanged from the screen. */
    async updateAppearance(userId: string, form: Parsed<AppearanceForm>): Promise<UserProfile> {
      return save(userId, {
        fname: nameOr(form.fname),
        location: form.location,
        gender: form.gender,
        age: form.age,
        height: form.height,
        weight: form.weight,
        bodyType: form.bodyType,
        hairColor: form.hairColor,
        eyeColor: form.eyeColor,
      });
    },
  };
}
