/**
 * An S3-compatible store on loopback for the S3 storage driver's tests (docs/product.md §14):
 * s3rver on 127.0.0.1 with a free port, a fresh directory and one bucket. s3rver keeps a
 * multipart upload's parts but answers two of S3's multipart calls "method not allowed":
 * ListParts and AbortMultipartUpload, which @tus/s3-store needs to resume and to abandon an
 * upload (docs/media.md). They are added here, as S3's API documents them, over s3rver's own
 * store of parts (`<bucket>/…uploads/<uploadId>/<partNumber>` with its `.md5`).
 */
import { readdir, readFile, stat, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no type declarations.
import S3rver from 's3rver';

export interface S3StandIn {
  /** The S3_* settings that point the app at this store. */
  env: Record<string, string>;
  bucket: string;
  endpoint: string;
  close(): Promise<void>;
}

export async function startS3StandIn(bucket = 'audition-test'): Promise<S3StandIn> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'audition-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  // Before s3rver's own routes: Koa composes its middleware when the server starts.
  (server.middleware as unknown[]).unshift(multipartCalls(server.store));
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
interface PartStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** ListParts (GET ?uploadId) and AbortMultipartUpload (DELETE ?uploadId), path-style. */
function multipartCalls(store: PartStore) {
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket, ...keyParts] = ctx.path.split('/');
    if (typeof uploadId !== 'string' || !bucket || !keyParts.length || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next();
    const key = decodeURIComponent(keyParts.join('/'));
    const dir = path.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    const names = await readdir(dir).catch(() => null);
    if (!names) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = xml(`<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escapeXml(uploadId)}</UploadId></Error>`);
      return;
    }
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    const numbers = names.filter((n) => /^\d+$/.test(n)).map(Number).sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const file = path.join(dir, String(n));
        const [{ size }, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
        return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5.trim()}"</ETag><Size>${size}</Size></Part>`;
      }),
    );
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body = xml(
      `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${escapeXml(uploadId)}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  };
}
