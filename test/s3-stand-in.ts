/**
 * An S3-compatible store on loopback for the S3 storage driver's tests (docs/product.md §14):
 * s3rver on 127.0.0.1 with a free port, a fresh directory and one bucket.
 */
import { mkdtemp, rm } from 'node:fs/promises';
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
