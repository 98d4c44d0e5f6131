/**
 * The S3 driver for any S3-compatible bucket (AWS, MinIO, R2, s3rver in tests).
 * Uploads stream as multipart parts of a few megabytes; files are read from the bucket:
 * its public URL when S3_PUBLIC_URL is set, otherwise a short-lived signed URL.
 */
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Transform, type TransformCallback } from 'node:stream';
import { isValidKey, UPLOADS_PREFIX, USER_MEDIA_CACHE, type Storage } from './storage.js';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  publicUrl?: string;
}

/** Signed URLs live this long; the redirect to one is cached a little less. */
const SIGNED_SECONDS = 3600;
const PART_BYTES = 5 * 1024 * 1024;

export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // Self-hosted stores (MinIO, s3rver) address buckets by path, not by host name.
    forcePathStyle: Boolean(settings.endpoint),
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Without these, stores that do not know the SDK's checksum trailers keep the chunk framing inside the object.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const publicBase = settings.publicUrl?.replace(/\/+$/, '');
  const checked = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    return key;
  };

  return {
    driver: 's3',

    async put(key, body, contentType) {
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done: TransformCallback) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      body.on('error', (error) => counter.destroy(error));
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: checked(key),
          Body: body.pipe(counter),
          ContentType: contentType,
          CacheControl: USER_MEDIA_CACHE,
          ContentDisposition: 'inline',
        },
        queueSize: 2,
        partSize: PART_BYTES,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => {});
        throw error;
      }
      return { size };
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
    },

    async abandon(key) {
      // A crashed process never completed or aborted its multipart upload: its parts would be
      // kept (and billed) until a lifecycle rule ends them. Every unfinished upload of this key
      // is one, since a key is made once and written once.
      const Key = checked(key);
      const listed = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: Key }));
      let removed = 0;
      for (const upload of listed.Uploads ?? []) {
        if (upload.Key !== Key || !upload.UploadId) continue;
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: upload.UploadId }));
        removed += 1;
      }
      return removed;
    },

    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return true;
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404 || (error as Error).name === 'NotFound') return false;
        throw error;
      }
    },

    urlFor: (key) => (publicBase ? `${publicBase}/${key}` : `${UPLOADS_PREFIX}${key}`),

    async locate(key) {
      if (!isValidKey(key)) return null;
      if (publicBase) return { kind: 'redirect', url: `${publicBase}/${key}`, cacheControl: USER_MEDIA_CACHE };
      const url = await getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: SIGNED_SECONDS });
      // The bucket answers ranges itself; the redirect is cached (well within the signature's life) so seeking does not come back here.
      return { kind: 'redirect', url, cacheControl: USER_MEDIA_CACHE };
    },

    close() {
      client.destroy();
    },
  };
}
