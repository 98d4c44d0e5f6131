/**
 * Reads stored pictures for the PDFs: a URL the server issued (the uploads table knows its
 * key) from local disk or the bucket, shrunk to JPEG for pdfkit (which reads JPEG and PNG,
 * not the WebP or GIF a performer may upload). A picture that cannot be read is left out:
 * the PDF is still worth having without it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../../context.js';
import { uploads } from '../../db/schema/index.js';

/** Pixels on the long side: sharp enough at A5, small enough to keep the file light. */
const SIDE = 900;

async function bytesOf(ctx: AppContext, key: string): Promise<Buffer | null> {
  const where = await ctx.storage.locate(key);
  if (!where) return null;
  if (where.kind === 'local') return readFile(join(where.root, where.path));
  const res = await fetch(where.url, { signal: AbortSignal.timeout(5000) });
  return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
}

/** The pictures of `urls` as JPEG bytes, in the same order, null where one could not be read. */
export async function readPictures(ctx: AppContext, urls: string[]): Promise<(Buffer | null)[]> {
  const wanted = urls.filter(Boolean);
  if (!wanted.length) return urls.map(() => null);
  const rows = await ctx.db.select({ url: uploads.url, key: uploads.key }).from(uploads).where(inArray(uploads.url, wanted));
  const keyOf = new Map(rows.map((r) => [r.url, r.key]));
  return Promise.all(
    urls.map(async (url) => {
      const key = keyOf.get(url);
      if (!key) return null;
      try {
        const raw = await bytesOf(ctx, key);
        return raw ? await sharp(raw, { animated: false }).rotate().resize(SIDE, SIDE, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer() : null;
      } catch {
        return null;
      }
    }),
  );
}
