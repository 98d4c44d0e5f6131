/** Chooses the storage driver once from config: a bucket when S3_BUCKET is set, else local disk. */
import path from 'node:path';
import type { Config } from '../../config.js';
import { createLocalStorage } from './local-storage.js';
import type { Storage } from './storage.js';

export { isPrivateKey, UPLOADS_PREFIX, USER_MEDIA_CACHE, type Storage, type StoredFileLocation } from './storage.js';

/** The AWS SDK is loaded only when a bucket is configured: it is a third of a second of start-up. */
export async function createStorage(config: Config): Promise<Storage> {
  const { env } = config;
  if (env.S3_BUCKET) {
    const { createS3Storage } = await import('./s3-storage.js');
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage(path.join(config.dataDir, 'uploads'));
}
