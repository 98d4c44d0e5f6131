/**
 * File storage behind one small interface (docs/product.md §12): local disk by default, any
 * S3-compatible bucket at scale. Chosen once from config in context.ts. The drivers
 * stream both ways and never hold a whole file in memory; they know nothing of users
 * or the database.
 */
import type { Readable } from 'node:stream';

/** Where GET /uploads/<key> finds a stored file: on this machine, or at the bucket's address. */
export type StoredFileLocation =
  | { kind: 'local'; root: string; path: string }
  | { kind: 'redirect'; url: string; cacheControl: string };

export interface Storage {
  readonly driver: 'local' | 's3';
  /** Streams `body` to `key`; resolves with the bytes stored. A failed put leaves nothing behind. */
  put(key: string, body: Readable, contentType: string): Promise<{ size: number }>;
  /**
   * Moves a finished file on this machine to `key` instead of copying its bytes (a resumable
   * upload's file, docs/media.md); the file is gone from `from` afterwards. Local disk only.
   */
  adopt?(key: string, from: string): Promise<{ size: number }>;
  /** Removes a stored file; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes what an interrupted `put` of `key` left (a crashed process's partial file on
   * disk, its unfinished multipart upload in a bucket); the stored file itself is untouched.
   * Answers how many pieces it removed.
   */
  abandon(key: string): Promise<number>;
  /**
   * Removes this disk's partial files untouched for `idleMs` (a put in progress writes its own
   * continuously), whatever key they were for. Local disk only: a bucket's unfinished uploads
   * are found by key (`abandon`). Answers how many it removed.
   */
  abandonStale?(idleMs: number): Promise<number>;
  exists(key: string): Promise<boolean>;
  /** Bytes free where files are written, when the driver can tell (local disk); a bucket has no floor. */
  freeBytes?(): Promise<number>;
  /** The URL the browser loads the file from: `/uploads/<key>` on the app, or the bucket's public URL. */
  urlFor(key: string): string;
  /** Where the file of `key` is read from; null when there is no such file (or key). */
  locate(key: string): Promise<StoredFileLocation | null>;
  close(): void;
}

/** Where the app serves stored files from. */
export const UPLOADS_PREFIX = '/uploads/';

/**
 * Keys the server makes: a kind folder and one safe file name (no dot-dot, no slashes, no case).
 * `private/` holds sides and self-tapes, never served under /uploads (docs/self-tapes.md).
 */
const KEY = /^(images|videos|audios|private)\/[a-z0-9][a-z0-9_.-]{0,250}$/;

export function isValidKey(key: string): boolean {
  return KEY.test(key) && !key.includes('..');
}

/**
 * Every key is unique and its file never changes, but its owner can delete it at any time:
 * no shared cache keeps it, and a browser asks again (cheaply, by ETag) after five minutes.
 */
export const USER_MEDIA_CACHE = 'private, max-age=300';

/** Files only their own calls serve, behind their checks (docs/self-tapes.md). */
export const isPrivateKey = (key: string) => key.startsWith('private/');
