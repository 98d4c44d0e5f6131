/**
 * The media library's rules: which files a user may store (type by content, size by kind,
 * a total quota), which URLs a user may register (only those issued to them), and
 * the photos, videos and audios lists with removal of the stored file.
 */
import { Readable } from 'node:stream';
import { and, asc, eq, gt, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  KIND_OF_MEDIA_TYPE,
  MEDIA_LIMITS,
  type MediaAnswer,
  type MediaBody,
  type ProfilePicAnswer,
  type StorageKind,
  type StoredFileAnswer,
} from '../../../contract/media.js';
import { MSG } from '../../../contract/messages.js';
import { RESUMABLE, UPLOAD_MSG, type OwnMediaItem, type UploadKind } from '../../../contract/uploads.js';
import { tooLargeMessage, typeRefusedMessage, unplayableMessage } from '../../../contract/file-checks.js';
import type { AppContext } from '../../context.js';
import { CHANNELS } from '../../db/change-feed.js';
import { resumableUploads, uploadReservations, uploads, userMedia, users } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import { errors } from '../../errors.js';
import { storePlayable } from './playable-file.js';
import { conversionsOf, dropConversion, playbackOf, queueConversion } from './conversions.js';
import { UPLOAD_OWNER } from './upload-sweep.js';
import { ImageTooLarge, makeKey, readHead, reencodeImage, sniff, thumbKeyOf, type IncomingFile } from './file-intake.js';

type UploadRow = typeof uploads.$inferSelect;

export type { IncomingFile } from './file-intake.js';

/** Uploads one account may run at once; beyond them, 429. Image re-encoding happens inside one. */
export const UPLOADS_AT_ONCE = 2;
/** How long a reservation holds quota if its upload never ends (a crashed instance): the upload routes' deadline. */
export const RESERVATION_LIFE_MS = 60 * 60_000;

/** Quota held by an upload in progress (see reserve). */
export interface Reservation {
  id: string;
  /** The most bytes this file may have. */
  limit: number;
  /** The limit comes from the quota (else from the kind's largest file). */
  byQuota: boolean;
}

const tooLarge = (kind: StorageKind) => errors.tooLarge(tooLargeMessage(kind));
const quotaFull = () => errors.tooLarge(MSG.quotaExceeded(Math.round(MEDIA_LIMITS.quotaBytes / 1024 ** 3)));
const refused = (kind: StorageKind) => errors.unsupportedType(typeRefusedMessage(kind));

/**
 * The upload row when `url` is a file the server stored for this user in this kind, else undefined.
 * Every call that registers a URL (profile picture, media lists, updateBasicInfo) goes through it.
 */
export async function isIssuedTo(ctx: AppContext, userId: string, url: string, kind: StorageKind): Promise<UploadRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.url, url), eq(uploads.userId, userId), eq(uploads.kind, kind)))
    .limit(1);
  return row;
}

export function createMediaService(ctx: AppContext, log: FastifyBaseLogger) {
  const { db, storage } = ctx;
  /** A picture or a media count changed: this instance's talent answers move on at once (docs/performance.md). */
  const performerChanged = () => ctx.changes.announce(CHANNELS.counter, 'performers');

  /**
   * Takes the user's row lock, so quota checks of one user run one at a time on every
   * instance, and answers the bytes stored plus those held by live reservations (other
   * than `except`), and how many of those there are.
   */
  async function lockQuota(tx: Tx, userId: string, now: Date, except?: string): Promise<{ used: number; running: number }> {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw errors.unauthorized();
    await tx.delete(uploadReservations).where(and(eq(uploadReservations.userId, userId), lte(uploadReservations.expiresAt, now)));
    const [stored] = await tx
      .select({ bytes: sql<string>`coalesce(sum(${uploads.size}), 0)` })
      .from(uploads)
      .where(eq(uploads.userId, userId));
    // Resumable uploads hold their declared length until used, abandoned or expired (docs/media.md).
    const [resumable] = await tx
      .select({ bytes: sql<string>`coalesce(sum(${resumableUploads.bytes}), 0)` })
      .from(resumableUploads)
      .where(and(eq(resumableUploads.userId, userId), gt(resumableUploads.expiresAt, now)));
    const [held] = await tx
      .select({ bytes: sql<string>`coalesce(sum(${uploadReservations.bytes}), 0)`, count: sql<number>`count(*)::int` })
      .from(uploadReservations)
      .where(
        and(
          eq(uploadReservations.userId, userId),
          // A tape's reservation holds no quota: tapes are not the media library's.
          isNull(uploadReservations.tapeRequestId),
          gt(uploadReservations.expiresAt, now),
          except ? sql`${uploadReservations.id} <> ${except}` : undefined,
        ),
      );
    return { used: Number(stored?.bytes ?? 0) + Number(held?.bytes ?? 0) + Number(resumable?.bytes ?? 0), running: Number(held?.count ?? 0) };
  }

  async function listOf(userId: string, mediaType: MediaBody['mediaType']): Promise<string[]> {
    const rows = await db
      .select({ url: userMedia.url })
      .from(userMedia)
      .where(and(eq(userMedia.userId, userId), eq(userMedia.mediaType, mediaType)))
      .orderBy(asc(userMedia.createdAt), asc(userMedia.id));
    return rows.map((r) => r.url);
  }

  /**
   * Bumps the profile's version (so the next poll sees the change) and answers the kind's
   * list in the same statement: the list is read after the insert or delete before it.
   */
  async function bumpAndList(userId: string, mediaType: MediaBody['mediaType']): Promise<string[]> {
    const [row] = await db
      .update(users)
      .set({ version: sql`${users.version} + 1` })
      .where(eq(users.id, userId))
      // Column names written out, as in the profile read: unqualified they would name users' columns.
      .returning({
        items: sql<string | null>`(select json_agg(m.url order by m.created_at, m.id)::text from ${userMedia} m where m.user_id = ${userId} and m.media_type = ${mediaType})`,
      });
    return row?.items ? (JSON.parse(row.items) as string[]) : [];
  }

  /** Removes stored files, logging (not failing) when the store does not answer: the row is gone already. */
  async function deleteStored(...keys: (string | null)[]) {
    for (const key of keys) {
      if (!key) continue;
      await storage.delete(key).catch((error: unknown) => log.error({ err: error, key }, 'could not delete a stored file'));
    }
  }

  return {
    /**
     * Holds quota for one upload before its first byte is read: the declared size (the
     * request's Content-Length) or the kind's largest file, cut to what is left. Checked and
     * written under the user's row lock, so uploads sent together cannot all see the same
     * free space. At most UPLOADS_AT_ONCE per account (429 beyond); 413 when nothing is left.
     */
    async reserve(userId: string, kind: StorageKind, declaredBytes: number | undefined, opts: { fromResumable?: string } = {}): Promise<Reservation> {
      const now = new Date();
      return db.transaction(async (tx) => {
        const { used, running } = await lockQuota(tx, userId, now);
        // A finished resumable upload hands its quota over to the reservation in this transaction.
        const handedOver = opts.fromResumable
          ? await tx
              .delete(resumableUploads)
              .where(and(eq(resumableUploads.id, opts.fromResumable), eq(resumableUploads.userId, userId)))
              .returning({ bytes: resumableUploads.bytes })
          : [];
        if (opts.fromResumable && handedOver.length === 0) throw errors.notFound();
        const freed = handedOver[0]?.bytes ?? 0;
        if (running >= UPLOADS_AT_ONCE) throw errors.tooManyRequests(5);
        const remaining = MEDIA_LIMITS.quotaBytes - used + freed;
        if (remaining <= 0) throw quotaFull();
        const kindMax = MEDIA_LIMITS.maxBytes[kind];
        const wanted = declaredBytes && declaredBytes > 0 ? Math.min(declaredBytes, kindMax) : kindMax;
        const limit = Math.min(wanted, remaining);
        const [row] = await tx
          .insert(uploadReservations)
          .values({ userId, bytes: limit, expiresAt: new Date(now.getTime() + RESERVATION_LIFE_MS), ownerId: UPLOAD_OWNER })
          .returning({ id: uploadReservations.id });
        return { id: row!.id, limit, byQuota: remaining < Math.min(kindMax, wanted) };
      });
    },

    /**
     * Records a new resumable upload (docs/media.md) before tus creates it: a media kind holds
     * its whole declared length of the quota (413 when it does not fit), a tape none (tapes
     * are not media). At most RESUMABLE.openPerAccount unused ones per account (429 beyond).
     */
    async reserveResumable(userId: string, row: { id: string; kind: UploadKind; length: number; filename: string }): Promise<Date> {
      const now = new Date();
      const expiresAt = new Date(now.getTime() + RESUMABLE.expiresAfterMs);
      await db.transaction(async (tx) => {
        const { used } = await lockQuota(tx, userId, now);
        const open = await tx.$count(resumableUploads, and(eq(resumableUploads.userId, userId), gt(resumableUploads.expiresAt, now)));
        if (open >= RESUMABLE.openPerAccount) throw errors.tooManyRequests(60, UPLOAD_MSG.tooManyOpen);
        const bytes = row.kind === 'tape' ? 0 : row.length;
        if (bytes > 0 && used + bytes > MEDIA_LIMITS.quotaBytes) throw quotaFull();
        await tx.insert(resumableUploads).values({ ...row, userId, bytes, expiresAt });
      });
      return expiresAt;
    },

    /** Gives back what a reservation held (nothing when the file was recorded already). */
    async release(reservation: Reservation): Promise<void> {
      await db.delete(uploadReservations).where(eq(uploadReservations.id, reservation.id));
    },

    /**
     * Stores one uploaded file: sniffs its type, streams it to storage (images are
     * re-encoded first), records it as issued to this user and answers its URL.
     */
    async store(
      userId: string,
      kind: StorageKind,
      part: IncomingFile,
      reservation: Reservation,
      opts: { profilePicture: boolean },
    ): Promise<StoredFileAnswer> {
      const overLimit = () => (reservation.byQuota ? quotaFull() : tooLarge(kind));
      const { head, whole } = await readHead(part.file);
      const type = await sniff(kind, head);
      if (!type) {
        whole.destroy();
        part.file.resume();
        throw refused(kind);
      }
      const key = makeKey(kind, part.filename, type.ext, opts.profilePicture && kind === 'images' ? userId : undefined);
      // Written before the first byte is, so the upload sweep finds what a crash mid-write leaves.
      await db.update(uploadReservations).set({ storageKey: key }).where(eq(uploadReservations.id, reservation.id));

      let size: number;
      let thumbKey: string | null = null;
      if (kind === 'images') {
        // At most 10 MB: read whole, because re-encoding needs all of it and gives two outputs.
        const chunks: Buffer[] = [];
        for await (const chunk of whole) chunks.push(chunk as Buffer);
        if (part.file.truncated) throw overLimit();
        let encoded: { image: Buffer; thumb: Buffer };
        try {
          encoded = await reencodeImage(Buffer.concat(chunks), type);
        } catch (error) {
          if (error instanceof ImageTooLarge) throw errors.tooLarge(MSG.imageTooManyPixels(MEDIA_LIMITS.maxImagePixels / 1_000_000));
          throw errors.unsupportedType(MSG.imageUnreadable);
        }
        thumbKey = thumbKeyOf(key);
        const stored = await storage.put(key, Readable.from([encoded.image]), type.mime);
        try {
          const thumb = await storage.put(thumbKey, Readable.from([encoded.thumb]), 'image/webp');
          size = stored.size + thumb.size;
        } catch (error) {
          await deleteStored(key);
          throw error;
        }
      } else {
        // A file over its limit or that cannot be played is refused and not kept (docs/faults.md, "Media files").
        ({ size } = await storePlayable(storage, key, whole, part, type.mime, {
          tooLarge: overLimit,
          unplayable: (reason, bytes) => {
            log.info({ reason, mime: type.mime, size: bytes }, 'upload refused: media cannot be played');
            return errors.unsupportedType(unplayableMessage(kind));
          },
        }));
      }

      const url = storage.urlFor(key);
      const thumbUrl = thumbKey ? storage.urlFor(thumbKey) : null;
      try {
        // The reservation becomes the upload in one transaction, checked again under the lock:
        // a re-encoded image may come out larger than it went in.
        await db.transaction(async (tx) => {
          const { used } = await lockQuota(tx, userId, new Date(), reservation.id);
          if (used + size > MEDIA_LIMITS.quotaBytes) throw quotaFull();
          await tx.insert(uploads).values({ userId, kind, key, url, thumbKey, thumbUrl, contentType: type.mime, size });
          // Every video is converted to play everywhere, in the background (docs/media.md, "Conversion").
          if (kind === 'videos') await queueConversion(tx, key);
          await tx.delete(uploadReservations).where(eq(uploadReservations.id, reservation.id));
        });
      } catch (error) {
        await deleteStored(key, thumbKey);
        throw error;
      }
      return thumbUrl ? { url, thumbUrl } : { url };
    },

    /**
     * GET /api/audition/media: the caller's own photos, videos and audios in list order, each
     * video with its conversion (docs/media.md, "Conversion"). Photos and audios are played as
     * sent: `ready`, an audio's `playbackUrl` its own address.
     */
    async ownMedia(userId: string): Promise<OwnMediaItem[]> {
      const rows = await db
        .select({ mediaType: userMedia.mediaType, url: userMedia.url, key: uploads.key })
        .from(userMedia)
        .leftJoin(uploads, eq(uploads.id, userMedia.uploadId))
        .where(eq(userMedia.userId, userId))
        .orderBy(asc(userMedia.createdAt), asc(userMedia.id));
      const conversions = await conversionsOf(db, rows.flatMap((r) => (r.mediaType === 'videos' && r.key ? [r.key] : [])));
      const urls = { playback: (key: string) => storage.urlFor(key), poster: (key: string) => storage.urlFor(key) };
      return rows.map((r) => {
        const kind = r.mediaType as OwnMediaItem['kind'];
        if (kind === 'videos') return { kind, url: r.url, ...playbackOf(r.key ? conversions.get(r.key) : undefined, urls) };
        return {
          kind,
          url: r.url,
          status: 'ready' as const,
          playbackUrl: kind === 'audios' ? r.url : null,
          posterUrl: null,
          durationS: null,
          reason: null,
          width: null,
          height: null,
        };
      });
    },

    /** POST /api/upload/profilePic: only an image issued to this user; the old picture's file goes if nothing else uses it. */
    async setProfilePic(userId: string, url: string): Promise<ProfilePicAnswer> {
      const upload = await isIssuedTo(ctx, userId, url, 'images');
      if (!upload) throw errors.notIssued();
      const [before] = await db.select({ pic: users.profilePic }).from(users).where(eq(users.id, userId));
      if (!before) throw errors.unauthorized();
      await db
        .update(users)
        .set({ profilePic: url, version: sql`${users.version} + 1` })
        .where(eq(users.id, userId));
      performerChanged();
      if (before.pic && before.pic !== url) await this.forgetIfUnused(userId, before.pic);
      return { profileUrl: url, _id: userId };
    },

    /** POST /api/upload/media: appends a URL issued to this user for that kind; the same URL twice changes nothing. */
    async add(userId: string, { mediaType, media }: MediaBody): Promise<MediaAnswer> {
      const upload = await isIssuedTo(ctx, userId, media, KIND_OF_MEDIA_TYPE[mediaType]);
      if (!upload) throw errors.notIssued();
      const inserted = await db
        .insert(userMedia)
        .values({ userId, mediaType, url: media, uploadId: upload.id })
        .onConflictDoNothing({ target: [userMedia.userId, userMedia.url] })
        .returning({ id: userMedia.id });
      // The same URL again changes nothing, not even the version.
      if (inserted.length === 0) return { mediaType, items: await listOf(userId, mediaType) };
      performerChanged();
      return { mediaType, items: await bumpAndList(userId, mediaType) };
    },

    /** DELETE /api/upload/media: takes the item off the list and deletes its stored file and thumbnail. */
    async remove(userId: string, { mediaType, media }: MediaBody): Promise<MediaAnswer> {
      const removed = await db
        .delete(userMedia)
        .where(and(eq(userMedia.userId, userId), eq(userMedia.mediaType, mediaType), eq(userMedia.url, media)))
        .returning({ id: userMedia.id });
      if (removed.length === 0) throw errors.notFound(MSG.mediaNotInList);
      performerChanged();
      const items = await bumpAndList(userId, mediaType);
      await this.forgetIfUnused(userId, media);
      return { mediaType, items };
    },

    /**
     * Deletes an upload of this user (row, file, thumbnail) unless a list or the profile
     * picture still shows it. One statement checks and deletes, so a registration racing
     * it either keeps the file or finds it gone (and is refused), never a dangling URL.
     */
    async forgetIfUnused(userId: string, url: string): Promise<void> {
      const gone = await db
        .delete(uploads)
        .where(
          and(
            eq(uploads.userId, userId),
            eq(uploads.url, url),
            notExists(db.select({ id: userMedia.id }).from(userMedia).where(and(eq(userMedia.userId, userId), eq(userMedia.url, url)))),
            notExists(db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.profilePic, url)))),
          ),
        )
        .returning({ key: uploads.key, thumbKey: uploads.thumbKey });
      for (const row of gone) {
        await dropConversion(ctx, row.key);
        await deleteStored(row.key, row.thumbKey);
      }
    },
  };
}
