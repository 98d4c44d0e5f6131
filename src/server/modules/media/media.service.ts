/**
 * The media library's rules: which files a user may store (type by content, size by kind,
 * a total quota), which URLs a user may register (only those issued to them), and
 * the photos, videos and audios lists with removal of the stored file.
 */
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCEPTED_TYPES,
  KIND_OF_MEDIA_TYPE,
  MEDIA_LIMITS,
  megabytes,
  type MediaAnswer,
  type MediaBody,
  type ProfilePicAnswer,
  type StorageKind,
  type StoredFileAnswer,
} from '../../../contract/media.js';
import { MSG } from '../../../contract/messages.js';
import type { AppContext } from '../../context.js';
import { uploads, userMedia, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { ImageTooLarge, makeKey, readHead, reencodeImage, sniff, thumbKeyOf } from './file-intake.js';

type UploadRow = typeof uploads.$inferSelect;

const KIND_LABEL: Record<StorageKind, string> = { images: 'image', videos: 'video', audios: 'audio file' };

const tooLarge = (kind: StorageKind) => errors.tooLarge(MSG.fileTooLarge(KIND_LABEL[kind], megabytes(MEDIA_LIMITS.maxBytes[kind])));
const quotaFull = () => errors.tooLarge(MSG.quotaExceeded(Math.round(MEDIA_LIMITS.quotaBytes / 1024 ** 3)));
const refused = (kind: StorageKind) =>
  errors.unsupportedType(MSG.fileTypeRefused(KIND_LABEL[kind], ACCEPTED_TYPES[kind].map((t) => t.label).join(', ')));

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

  async function usedBytes(userId: string): Promise<number> {
    const [row] = await db
      .select({ used: sql<string>`coalesce(sum(${uploads.size}), 0)` })
      .from(uploads)
      .where(eq(uploads.userId, userId));
    return Number(row?.used ?? 0);
  }

  async function listOf(userId: string, mediaType: MediaBody['mediaType']): Promise<string[]> {
    const rows = await db
      .select({ url: userMedia.url })
      .from(userMedia)
      .where(and(eq(userMedia.userId, userId), eq(userMedia.mediaType, mediaType)))
      .orderBy(asc(userMedia.createdAt), asc(userMedia.id));
    return rows.map((r) => r.url);
  }

  /** Removes stored files, logging (not failing) when the store does not answer: the row is gone already. */
  async function deleteStored(...keys: (string | null)[]) {
    for (const key of keys) {
      if (!key) continue;
      await storage.delete(key).catch((error: unknown) => log.error({ err: error, key }, 'could not delete a stored file'));
    }
  }

  /** Stores a stream that was already sniffed; a truncated one (over the limit) is removed again. */
  async function putChecked(key: string, body: Readable, contentType: string, file: Readable & { truncated?: boolean }, overLimit: () => Error) {
    let size: number;
    try {
      ({ size } = await storage.put(key, body, contentType));
    } catch (error) {
      if (file.truncated) throw overLimit();
      throw error;
    }
    if (file.truncated) {
      await storage.delete(key);
      throw overLimit();
    }
    return size;
  }

  return {
    /** The per-file limit for this user now: the kind's limit, or less when the quota is nearly used. */
    async limitFor(userId: string, kind: StorageKind): Promise<{ limit: number; byQuota: boolean }> {
      const remaining = MEDIA_LIMITS.quotaBytes - (await usedBytes(userId));
      if (remaining <= 0) throw quotaFull();
      const kindMax = MEDIA_LIMITS.maxBytes[kind];
      return remaining < kindMax ? { limit: remaining, byQuota: true } : { limit: kindMax, byQuota: false };
    },

    /**
     * Stores one uploaded file: sniffs its type, streams it to storage (images are
     * re-encoded first), records it as issued to this user and answers its URL.
     */
    async store(
      userId: string,
      kind: StorageKind,
      part: MultipartFile,
      opts: { byQuota: boolean; profilePicture: boolean },
    ): Promise<StoredFileAnswer> {
      const overLimit = () => (opts.byQuota ? quotaFull() : tooLarge(kind));
      const { head, whole } = await readHead(part.file);
      const type = await sniff(kind, head);
      if (!type) {
        whole.destroy();
        part.file.resume();
        throw refused(kind);
      }
      const key = makeKey(kind, part.filename, type.ext, opts.profilePicture && kind === 'images' ? userId : undefined);

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
          if (error instanceof ImageTooLarge) throw overLimit();
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
        size = await putChecked(key, whole, type.mime, part.file, overLimit);
      }

      const url = storage.urlFor(key);
      const thumbUrl = thumbKey ? storage.urlFor(thumbKey) : null;
      try {
        await db.insert(uploads).values({ userId, kind, key, url, thumbKey, thumbUrl, contentType: type.mime, size });
      } catch (error) {
        await deleteStored(key, thumbKey);
        throw error;
      }
      return thumbUrl ? { url, thumbUrl } : { url };
    },

    /** POST /api/upload/profilePic: only an image issued to this user; the old picture's file goes if nothing else uses it. */
    async setProfilePic(userId: string, url: string): Promise<ProfilePicAnswer> {
      const upload = await isIssuedTo(ctx, userId, url, 'images');
      if (!upload) throw errors.badRequest(MSG.fileNotYours, 'not_issued');
      const [before] = await db.select({ pic: users.profilePic }).from(users).where(eq(users.id, userId));
      if (!before) throw errors.unauthorized();
      await db
        .update(users)
        .set({ profilePic: url, version: sql`${users.version} + 1` })
        .where(eq(users.id, userId));
      if (before.pic && before.pic !== url) await this.forgetIfUnused(userId, before.pic);
      return { profileUrl: url, _id: userId };
    },

    /** POST /api/upload/media: appends a URL issued to this user for that kind; the same URL twice changes nothing. */
    async add(userId: string, { mediaType, media }: MediaBody): Promise<MediaAnswer> {
      const upload = await isIssuedTo(ctx, userId, media, KIND_OF_MEDIA_TYPE[mediaType]);
      if (!upload) throw errors.badRequest(MSG.fileNotYours, 'not_issued');
      const inserted = await db
        .insert(userMedia)
        .values({ userId, mediaType, url: media, uploadId: upload.id })
        .onConflictDoNothing({ target: [userMedia.userId, userMedia.url] })
        .returning({ id: userMedia.id });
      if (inserted.length > 0) {
        await db.update(users).set({ version: sql`${users.version} + 1` }).where(eq(users.id, userId));
      }
      return { mediaType, items: await listOf(userId, mediaType) };
    },

    /** DELETE /api/upload/media: takes the item off the list and deletes its stored file and thumbnail. */
    async remove(userId: string, { mediaType, media }: MediaBody): Promise<MediaAnswer> {
      const removed = await db
        .delete(userMedia)
        .where(and(eq(userMedia.userId, userId), eq(userMedia.mediaType, mediaType), eq(userMedia.url, media)))
        .returning({ id: userMedia.id });
      if (removed.length === 0) throw errors.notFound(MSG.mediaNotInList);
      await db.update(users).set({ version: sql`${users.version} + 1` }).where(eq(users.id, userId));
      await this.forgetIfUnused(userId, media);
      return { mediaType, items: await listOf(userId, mediaType) };
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
      for (const row of gone) await deleteStored(row.key, row.thumbKey);
    },
  };
}
