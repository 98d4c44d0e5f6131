/** Reads and changes a performer's own profile. */
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { queuedHasStarted } from '../../../contract/plan-in-force.js';
import { type AppearanceForm, type BasicInfoForm, type UserProfile, type Visibility } from '../../../contract/profile.js';
import type { AppContext } from '../../context.js';
import { CHANNELS } from '../../db/change-feed.js';
import { batchedById, readByIdsSized } from '../../db/batched-reads.js';
import { userMedia, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { heightCmOf, UNITS_TEXT, weightKgOf } from '../../../contract/units.js';
import { isIssuedTo } from '../media/index.js';
import { hasDateOfBirth, isHeld } from '../guardians/index.js';
import { createVersionedBodyCache, type CachedBody } from '../../lib/versioned-body-cache.js';
import { tokenCheckColumns } from '../../db/token-check.js';
import { PROFILE_COLUMNS, presentProfile, profileEtag, profileEtagOf, type MediaLists, type ProfileColumns, type ProfileVersion } from './profile.presenter.js';

type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

/** The profile's media as [type, url] pairs in the order they were added, in the same statement as the row. */
// Column names written out: Drizzle leaves them unqualified in a one-table query, and
// "user_id" = "id" would then compare two columns of user_media. As text, parsed here:
// the two drivers do not agree on whether json arrives parsed.
const mediaOfRow = sql<string | null>`(
  select json_agg(json_build_array(m.media_type, m.url) order by m.created_at, m.id)::text
  from ${userMedia} m where m.user_id = ${users}.id)`;

function mediaLists(pairs: string | null): MediaLists {
  const lists: MediaLists = { photos: [], videos: [], audios: [] };
  for (const [type, url] of pairs ? (JSON.parse(pairs) as [string, string][]) : []) {
    if (type === 'photos' || type === 'videos' || type === 'audios') lists[type].push(url);
  }
  return lists;
}

/** Serialized profiles kept per ETag (user, version, days left): at most this many bytes. */
const PROFILE_CACHE_BYTES = 32 * 1024 * 1024;

type ProfileRow = ProfileColumns & { media: string | null };

/**
 * The row's columns a profile shows, not all of them: a read after a change parses these
 * alone (no password hash, no search keys as JSON, two timestamps fewer), which is most of
 * a miss's row mapping and its garbage (docs/performance.md, "A getUserData miss").
 */
const profileColumns = Object.fromEntries(PROFILE_COLUMNS.map((key) => [key, users[key]])) as { [K in (typeof PROFILE_COLUMNS)[number]]: (typeof users)[K] };

export function createProfileService(ctx: AppContext) {
  const { db } = ctx;
  const row = { ...profileColumns, media: mediaOfRow };
  // One round trip: the user and their media together (docs/performance.md).
  const profileRead = db.select(row).from(users).where(eq(users.id, sql.placeholder('id'))).prepare('profile_read');
  // The same with the token check's columns: on a poll whose check is not cached, the check
  // and the read are one statement (the row already holds the check's other columns), and
  // the polls of one turn share it.
  const readChecked = batchedById(
    readByIdsSized((whereIdIn, size) =>
      db.select({ ...row, ...tokenCheckColumns }).from(users).where(whereIdIn(users.id)).prepare(`profile_read_checked_${size}`),
    ),
  );
  const userById = db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('profile_user');
  // Keyed by the ETag, which names the version: an entry is never stale, only unused.
  const bodies = createVersionedBodyCache({ maxBytes: PROFILE_CACHE_BYTES });

  /** Presents the row and keeps its serialized body under its ETag for the next polls. */
  function present(user: ProfileRow): { profile: UserProfile; etag: string; body: CachedBody } {
    const now = Date.now();
    const profile = presentProfile(user, mediaLists(user.media));
    // The days left the body holds, not a second look at the clock.
    const etag = profileEtagOf(user.id, user.version, profile.daysLeft, queuedHasStarted(user, now));
    // presentProfile builds exactly the contract's keys in its order, so the body is the object
    // as it stands: zod re-checking our own row cost a miss about 1.4% of its CPU and a copy
    // of the profile (docs/performance.md, "A getUserData miss"; profile.test.ts holds the
    // answer to the contract's shape).
    return { profile, etag, body: bodies.set(etag, JSON.stringify(profile)) };
  }

  /**
   * Writes the changes, bumps the version (so the next poll sees them) and answers the
   * saved profile. Every save may change what a talent search shows (a name, a picture,
   * the visibility, completeness): this instance's talent answers move on at once, the
   * others when PostgreSQL's notification arrives (docs/performance.md).
   */
  async function save(userId: string, changes: PgUpdateSetSource<typeof users>): Promise<UserProfile> {
    const [user] = await db
      .update(users)
      .set({ ...changes, version: sql`${users.version} + 1` })
      .where(eq(users.id, userId))
      .returning(row);
    if (!user) throw errors.unauthorized();
    ctx.changes.announce(CHANNELS.counter, 'performers');
    return present(user).profile;
  }

  /**
   * The profile as its serialized body and ETag. `known` is the version the auth check
   * read (kept current by the change feed): when a body for it is cached, no query runs.
   * `read` is the row `readChecked` read with that check on this request, if it ran.
   */
  async function body(
    userId: string,
    known: ProfileVersion | null,
    read?: ProfileRow | null,
  ): Promise<{ etag: string; body: CachedBody }> {
    if (known) {
      const etag = profileEtag(userId, known);
      const hit = bodies.get(etag);
      if (hit) return { etag, body: hit };
    }
    if (read) return present(read);
    const [user] = await profileRead.execute({ id: userId });
    if (!user) throw errors.unauthorized();
    return present(user);
  }

  /** An empty name in a form keeps the current one. */
  const nameOr = (fname: string) => fname || sql`${users.fname}`;

  return {
    body,
    /** The user row with its media and the token check's columns, for `auth.requirePerformerReading`. */
    readChecked,
    /** Sends a body from `body()` as the 200 answer, compressed bytes reused. */
    send: bodies.send,

    /**
     * Basic info from the edit-profile form. profilePic may be empty (no picture), the
     * current picture, or an image the server stored for this user; nothing else.
     * An empty name keeps the current one.
     */
    async updateBasicInfo(userId: string, form: Parsed<BasicInfoForm>): Promise<UserProfile> {
      // Without a picture there is nothing to compare: the save is the only statement.
      if (form.profilePic) {
        const [current] = await userById.execute({ id: userId });
        if (!current) throw errors.unauthorized();
        if (form.profilePic !== current.profilePic && !(await isIssuedTo(ctx, userId, form.profilePic, 'images'))) {
          throw errors.notIssued();
        }
      }
      return save(userId, {
        fname: nameOr(form.fname),
        location: form.location,
        gender: form.gender,
        profileUrl: form.profileUrl,
        pronoun: form.pronoun,
        category: form.category,
        profilePic: form.profilePic,
        // The first save of this form makes the title, gender and profession choices (docs/talent.md).
        profileStatedAt: sql`coalesce(${users.profileStatedAt}, now())`,
      });
    },

    async updateVisibility(userId: string, visibility: Visibility): Promise<UserProfile> {
      // A minor without a guardian's consent stays private (docs/guardians.md).
      if (visibility === 'public' && (await isHeld(db, userId))) throw errors.guardianConsentNeeded();
      return save(userId, { visibility });
    },

    /** The appearance rows; name, location and gender come along unchanged from the screen. */
    async updateAppearance(userId: string, form: Parsed<AppearanceForm>): Promise<UserProfile> {
      // Height and weight are numbers with units (docs/resume.md, "Units"): a new text must
      // read as one; a text saved before, unreadable, may come back unchanged.
      const [current] = await db.select({ height: users.height, weight: users.weight }).from(users).where(eq(users.id, userId));
      if (form.height && form.height !== current?.height && heightCmOf(form.height) === null) throw errors.validation(UNITS_TEXT.heightUnreadable, 'height');
      if (form.weight && form.weight !== current?.weight && weightKgOf(form.weight) === null) throw errors.validation(UNITS_TEXT.weightUnreadable, 'weight');
      return save(userId, {
        fname: nameOr(form.fname),
        location: form.location,
        gender: form.gender,
        // With a date of birth the age follows it, not the form (docs/guardians.md).
        age: sql`case when ${hasDateOfBirth} then ${users.age} else ${form.age} end`,
        height: form.height,
        weight: form.weight,
        bodyType: form.bodyType,
        hairColor: form.hairColor,
        eyeColor: form.eyeColor,
      });
    },
  };
}
