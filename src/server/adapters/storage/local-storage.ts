/**
 * The embedded storage driver: files under DATA_DIR/uploads, served by the app itself
 * with byte ranges (206) so players can seek, their real type, nosniff and long caching.
 */
import { errors } from '../../errors.js';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { contentTypeOfKey } from '../../../contract/media.js';
import { IMMUTABLE, isValidKey, UPLOADS_PREFIX, type Storage } from './storage.js';

export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, ...key.split('/'));
  };

  return {
    driver: 'local',

    async put(key, body, _contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside the target and renamed when complete, so a half-written file is never served.
      const partial = `${file}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
        const { size } = await stat(partial);
        await rename(partial, file);
        return { size };
      } catch (error) {
        await unlink(partial).catch(() => {});
        throw error;
      }
    },

    async delete(key) {
      await unlink(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },

    async exists(key) {
      return stat(fileOf(key)).then(
        (s) => s.isFile(),
        () => false,
      );
    },

    urlFor: (key) => `${UPLOADS_PREFIX}${key}`,

    async serve(request, reply, key) {
      const info = isValidKey(key) ? await stat(fileOf(key)).catch(() => null) : null;
      if (!info?.isFile()) throw errors.notFound();
      const size = info.size;
      const etag = `"${size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      reply
        .header('content-type', contentTypeOfKey(key) ?? 'application/octet-stream')
        .header('accept-ranges', 'bytes')
        .header('cache-control', IMMUTABLE)
        .header('etag', etag)
        .header('last-modified', info.mtime.toUTCString())
        // Never a document: even if a browser opened it as one, nothing would run.
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline');

      if (request.headers['if-none-match'] === etag) return reply.status(304).send();

      const ifRange = request.headers['if-range'];
      const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${size}`).send();
      }
      const { start, end } = range ?? { start: 0, end: size - 1 };
      if (range) reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`);
      reply.header('content-length', String(Math.max(0, end - start + 1)));
      if (request.method === 'HEAD' || size === 0) return reply.send();
      return reply.send(createReadStream(fileOf(key), { start, end }));
    },

    close() {},
  };
}

/**
 * One byte range of a Range header (RFC 9110 §14.1.2): `bytes=a-b`, `bytes=a-` or `bytes=-n`.
 * null means "send the whole file" (no header, another unit, several ranges, bad syntax).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)-(\d*)\s*$/.exec(header);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
