/**
 * Resumable uploads and converted videos (docs/media.md): the tus kinds and limits, the
 * `{ uploadId }` body that uses a finished upload, a converted file's fields on every answer
 * that carries a video or tape, and the texts an owner reads.
 */
import { z } from 'zod';
import { MEDIA_LIMITS, STORAGE_KINDS, type StorageKind } from './media-options.js';
import { TAPE_LIMITS } from './self-tapes-messages.js';

/** What a resumable upload may become: a media file of a kind, or a tape. */
export const UPLOAD_KINDS = [...STORAGE_KINDS, 'tape'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const RESUMABLE = {
  /** The tus address (docs/media.md). */
  path: '/api/uploads',
  /** An upload not used expires this long after its last byte. */
  expiresAfterMs: 24 * 60 * 60_000,
  /** Unused uploads one account may hold at once. */
  openPerAccount: 10,
} as const;

/** The most bytes an upload of this kind may declare. */
export const uploadLimit = (kind: UploadKind): number => (kind === 'tape' ? TAPE_LIMITS.tapeMaxBytes : MEDIA_LIMITS.maxBytes[kind as StorageKind]);

/** POST /api/storage/{kind}/from-upload and POST …/tape with JSON. */
export const fromUploadBody = z.object({ uploadId: z.string().min(1).max(64) });
export type FromUploadBody = z.infer<typeof fromUploadBody>;

/** Where a video's or tape's conversion stands. */
export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** The converted file's fields (null until known). */
export const playbackFields = {
  status: z.enum(MEDIA_STATUSES),
  playbackUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  durationS: z.number().nullable(),
};

/** GET /api/audition/media: the caller's own photos, videos and audios. */
export const ownMediaItem = z.object({
  kind: z.enum(['photos', 'videos', 'audios']),
  url: z.string(),
  ...playbackFields,
  /** Why a conversion failed, in the owner's words; null otherwise. */
  reason: z.string().nullable(),
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
  /** What the owner reads when a video could not be converted. */
  conversionFailed: 'This video could not be converted: the file is damaged or holds no picture we can read. Send it again or try another file.',
  /** The owner reads this while a video converts. */
  processing: 'Processing…',
} as const;
