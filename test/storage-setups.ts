/**
 * How a storage suite (media, account deletion) reaches each driver: the app's settings
 * and a list of every key the store holds, on local disk or in the S3 stand-in.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';
import { startS3StandIn, type S3StandIn } from './s3-stand-in.js';
import type { TestApp } from './test-app.js';

export interface StorageSetup {
  env(): Record<string, string>;
  /** Every key the store holds now, sorted. */
  listKeys(t: TestApp): Promise<string[]>;
}

/** Files under the test app's DATA_DIR/uploads, keyed by their path there. */
export const localStorageSetup: StorageSetup = {
  env: () => ({}),
  async listKeys(t) {
    const root = path.join(t.dataDir, 'uploads');
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .sort();
  },
};

/** Starts the S3 stand-in before the file's tests and stops it after them. */
export function useS3StandIn(): StorageSetup {
  let s3: S3StandIn;
  let client: S3Client;
  beforeAll(async () => {
    s3 = await startS3StandIn();
    client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.close();
  });
  return {
    env: () => s3.env,
    async listKeys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
  };
}
