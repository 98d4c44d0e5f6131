/** DELETE /api/me with files in an S3 bucket (s3rver on loopback). */
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../../../test/s3-stand-in.js';
import { accountDeletionSuite } from './account-deletion.suite.js';

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

accountDeletionSuite({
  driver: 's3',
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
});
