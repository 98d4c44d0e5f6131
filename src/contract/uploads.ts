/**
 * Resumable uploads and converted videos (docs/media.md): the tus kinds and limits, the
 * `{ uploadId }` body that uses a finished upload, and a converted file's fields on every
 * answer that carries a video or tape, as schemas. The statuses and every text a player or
 * an upload shows are in `media-playback.ts` (schema-free, for the screens), once.
 */
import { z } from 'zod';
import { MEDIA_STATUSES, RESUMABLE_UPLOADS } from './media-playback.js';
import { MEDIA_LIMITS, STORAGE_KINDS, type StorageKind } from './media-options.js';
import { TAPE_LIMITS } from './self-tapes-messages.js';

/** What a resumable upload may become: a media file of a kind, or a tape. */
export const UPLOAD_KINDS = [...STORAGE_KINDS, 'tape'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const RESUMABLE = {
  /** The tus address (docs/media.md). */
  path: RESUMABLE_UPLOADS.path,
  /** An upload not used expires this long after its last byte. */
  expiresAfterMs: 24 * 60 * 60_000,
  /** A PATCH moves the expiry only once it has slipped this far behind: between 23 and 24 hours after the last byte. */
  expiryRefreshMs: 60 * 60_000,
  /** Unused uploads one account may hold at once. */
  openPerAccount: 10,
} as const;

/** The most bytes an upload of this kind may declare. */
export const uploadLimit = (kind: UploadKind): number => (kind === 'tape' ? TAPE_LIMITS.tapeMaxBytes : MEDIA_LIMITS.maxBytes[kind as StorageKind]);

/** POST /api/storage/{kind}/from-upload and POST …/tape with JSON. */
export const fromUploadBody = z.object({ uploadId: z.string().min(1).max(64) });
export type FromUploadBody = z.infer<typeof fromUploadBody>;

export { MEDIA_STATUSES, PLAYBACK_MSG, type MediaStatus } from './media-playback.js';

/** The converted file's fields (null until known); `reason` says why it failed, to the owner (null otherwise). */
export const playbackFields = {
  status: z.enum(MEDIA_STATUSES),
  playbackUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  durationS: z.number().nullable(),
  reason: z.string().nullable(),
};

/** GET /api/audition/media: the caller's own photos, videos and audios. */
export const ownMediaItem = z.object({
  kind: z.enum(['photos', 'videos', 'audios']),
  url: z.string(),
  ...playbackFields,
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export const ownMediaAnswer = z.array(ownMediaItem);
export type OwnMediaItem = z.infer<typeof ownMediaItem>;

export const UPLOAD_MSG = {
  notFinished: 'This upload has not finished yet. Send the rest of the file first.',
  wrongKind: 'This upload was started for another kind of file.',
  tooManyOpen: `You have ${RESUMABLE.openPerAccount} unfinished uploads. Finish or cancel one first.`,
  lengthMissing: 'Say how long the file is (Upload-Length).',
  kindMissing: 'Say what the file is for: a video, an audio, a photo or a tape.',
} as const;
