/**
 * What happens to an uploaded file before it is stored: its type is found from its first
 * bytes (never from its name or the browser's word), its key is made under the spec's
 * layout, and images are re-encoded without their metadata, with a grid thumbnail.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { acceptedType, MEDIA_LIMITS, type AcceptedType, type StorageKind } from '../../../contract/media.js';

/**
 * A file arriving to be stored: a multipart part, or a finished resumable upload read back
 * (with `localPath` when its bytes lie on this machine's disk, docs/media.md).
 */
export interface IncomingFile {
  file: Readable & { truncated?: boolean };
  filename?: string;
  localPath?: string;
}

/** file-type's recommended sample: enough for every format we accept. */
export const SNIFF_BYTES = 4100;

/**
 * The upload's body ended before its form did: the closing boundary never came, the client
 * went away, or the parser gave up. Nothing of it is kept (docs/faults.md, "Uploads").
 */
export class UploadCutOff extends Error {
  constructor(cause?: unknown) {
    super('the upload ended before its form did', { cause });
  }
}

/** Whether this error (or one it wraps, as the S3 uploader does) is an upload cut off. */
export function isCutOff(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    if (e instanceof UploadCutOff) return true;
  }
  return false;
}

/** The stream stopped for good without its end: destroyed, errored, or closed early. */
const brokenOff = (stream: Readable) => stream.errored !== null || (stream.destroyed && !stream.readableEnded);

/**
 * Reads at least `want` bytes (or the whole stream if shorter) and gives back those bytes and a
 * stream of the whole file, the head included. The rest is not read until the new stream is.
 * A stream that breaks off instead of ending (a form without its closing boundary, which the
 * parser may destroy before anyone listens) rejects with UploadCutOff rather than waiting
 * for an `end` that never comes.
 */
export function readHead(stream: Readable, want = SNIFF_BYTES): Promise<{ head: Buffer; whole: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const detach = () => {
      stream.off('data', onData);
      stream.off('end', finish);
      stream.off('error', fail);
      stream.off('close', onClose);
    };
    const finish = () => {
      detach();
      stream.pause();
      const head = Buffer.concat(chunks);
      resolve({ head, whole: Readable.from(prepend(head, stream), { objectMode: false }) });
    };
    const fail = (error?: unknown) => {
      detach();
      reject(new UploadCutOff(error ?? stream.errored ?? undefined));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= want) finish();
    };
    const onClose = () => {
      if (!stream.readableEnded) fail();
    };
    if (brokenOff(stream)) return fail();
    stream.on('data', onData);
    stream.once('end', finish);
    stream.once('error', fail);
    stream.once('close', onClose);
  });
}

async function* prepend(head: Buffer, rest: Readable): AsyncGenerator<Buffer> {
  if (head.length > 0) yield head;
  if (rest.readableEnded) return;
  if (brokenOff(rest)) throw new UploadCutOff(rest.errored ?? undefined);
  try {
    for await (const chunk of rest) yield chunk as Buffer;
  } catch (error) {
    throw new UploadCutOff(error);
  }
}

/** The accepted type of these first bytes for this kind, or undefined (SVG, HTML, text, executables…). */
export async function sniff(kind: StorageKind, head: Buffer): Promise<AcceptedType | undefined> {
  const found = await fileTypeFromBuffer(head);
  return acceptedType(kind, found?.mime);
}

/** A file name safe in a key and a URL: lowercase ASCII letters, digits and dashes, at most 60. */
export function safeBaseName(filename: string | undefined): string {
  const last = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const stem = last.replace(/\.[^.]*$/, '');
  const clean = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return clean || 'file';
}

/**
 * The spec's key layout: images/{userId}_{date}_{filename} for a profile picture,
 * {kind}/{filename+random} for everything else. The extension comes from the sniffed type.
 */
export function makeKey(kind: StorageKind, filename: string | undefined, ext: string, profileOf?: string): string {
  const name = safeBaseName(filename);
  if (profileOf) return `images/${profileOf}_${Date.now()}_${name}-${randomBytes(3).toString('hex')}.${ext}`;
  return `${kind}/${name}-${randomBytes(8).toString('hex')}.${ext}`;
}

/** Where a stored image's grid thumbnail lives (see thumbUrlOf in the contract). */
export const thumbKeyOf = (key: string) => key.replace(/\.[a-z0-9]+$/, '.thumb.webp');

/**
 * Image decodes running at once in this process; the rest wait their turn. Each account runs
 * at most two uploads at once (see reserve in media.service.ts), this bounds the instance.
 */
export const IMAGE_JOBS_AT_ONCE = 2;
let imageJobs = 0;
const waiting: (() => void)[] = [];

async function inImageSlot<T>(job: () => Promise<T>): Promise<T> {
  if (imageJobs >= IMAGE_JOBS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else imageJobs += 1;
  try {
    return await job();
  } finally {
    // The slot passes straight to the next waiter, so the count never dips below the bound.
    const next = waiting.shift();
    if (next) next();
    else imageJobs -= 1;
  }
}

export class ImageTooLarge extends Error {}
export class ImageUnreadable extends Error {}

/**
 * Re-encodes an image in its own format, turned upright, with every piece of metadata
 * (EXIF, GPS, XMP, comments) left out, and makes a small WebP thumbnail.
 */
export async function reencodeImage(input: Buffer, type: AcceptedType): Promise<{ image: Buffer; thumb: Buffer }> {
  return inImageSlot(() => reencode(input, type));
}

async function reencode(input: Buffer, type: AcceptedType): Promise<{ image: Buffer; thumb: Buffer }> {
  // Loaded with the first image, not at start: libvips holds about 30 MB resident, which a
  // process that receives no image never needs (docs/performance.md, "Memory").
  const { default: sharp } = await import('sharp');
  const animated = type.mime === 'image/gif' || type.mime === 'image/webp';
  const open = (all: boolean) =>
    sharp(input, { limitInputPixels: MEDIA_LIMITS.maxImagePixels, animated: all && animated, failOn: 'error' }).rotate();
  try {
    const base = open(true);
    const encoded =
      type.mime === 'image/jpeg'
        ? base.jpeg({ quality: 88, mozjpeg: true })
        : type.mime === 'image/png'
          ? base.png({ compressionLevel: 9 })
          : type.mime === 'image/webp'
            ? base.webp({ quality: 88 })
            : base.gif();
    const size = MEDIA_LIMITS.thumbPx;
    const [image, thumb] = await Promise.all([
      encoded.toBuffer(),
      open(false).resize(size, size, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer(),
    ]);
    return { image, thumb };
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error).message))) throw new ImageTooLarge();
    throw new ImageUnreadable(String((error as Error).message), { cause: error });
  }
}
