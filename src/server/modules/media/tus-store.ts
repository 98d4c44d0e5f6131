/**
 * Where resumable uploads keep their bytes while they arrive (docs/media.md): @tus/file-store
 * under DATA_DIR/tus for the embedded default, @tus/s3-store in the bucket when S3_BUCKET is
 * set, so every instance behind the bucket resumes every upload. Expiry is the database's
 * (resumable_uploads.expires_at), so the stores are given none of their own.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/server';
import type { Configstore } from '@tus/file-store';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context.js';

/** A finished or unfinished upload as its store knows it. */
export interface TusStore {
  datastore: DataStore;
  /** Bytes received so far and the declared length, or null when the store has no such upload. */
  progress(id: string): Promise<{ offset: number; size: number | undefined } | null>;
  read(id: string): Promise<Readable>;
  /** Where an upload's bytes lie on this machine's disk (the file store); undefined in a bucket. */
  localPath?(id: string): string;
  /** Removes the upload's bytes; a missing upload is not an error. */
  remove(id: string): Promise<void>;
}

/** The S3 store's smallest part (S3 refuses smaller parts but the last). */
const S3_PART_BYTES = 8 * 1024 * 1024;

export async function createTusStore(ctx: AppContext): Promise<TusStore> {
  const { env } = ctx.config;
  if (env.S3_BUCKET) {
    const { S3Store } = await import('@tus/s3-store');
    const datastore = new S3Store({
      partSize: S3_PART_BYTES,
      s3ClientConfig: {
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        forcePathStyle: Boolean(env.S3_ENDPOINT),
        credentials:
          env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
        // As the storage driver: stores that do not know the SDK's checksum trailers keep the framing otherwise.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      },
    });
    return {
      datastore,
      progress: (id) => progressOf(datastore, id),
      read: async (id) => datastore.read(id),
      async remove(id) {
        await datastore.remove(id).catch(() => {});
      },
    };
  }
  const { FileStore, FileConfigstore } = await import('@tus/file-store');
  const directory = path.join(ctx.config.dataDir, 'tus');
  const files = new FileStore({ directory, configstore: keptRecords(new FileConfigstore(directory)) });
  return {
    datastore: files,
    progress: (id) => progressOf(files, id),
    read: async (id) => files.read(id),
    localPath: (id) => path.join(directory, id),
    async remove(id) {
      // Its bytes may have been moved into storage already (docs/media.md): the record goes either way.
      await files.remove(id).catch(() => files.configstore.delete(id).catch(() => {}));
    },
  };
}

/** Records kept in memory: more than the uploads an instance has open at once (10 per account). */
const KEPT_RECORDS = 10_000;

/**
 * The file store's records (`<id>.json`: length, metadata, creation date) kept in memory once
 * read or written, as the S3 store keeps its own (docs/media.md, "Bench rows"): the file store
 * reads the record on every PATCH and HEAD, and it never changes after the creation (the
 * length is declared then; the offset is the file's size, which the store still reads each
 * time). Writes and removals go to the disk as before; a record that is not kept is read from
 * it. The file store lives on one instance's disk, so no other process changes its records.
 */
function keptRecords(disk: Configstore): Configstore {
  type Upload = NonNullable<Awaited<ReturnType<Configstore['get']>>>;
  const kept = new LRUCache<string, Upload>({ max: KEPT_RECORDS });
  return {
    async get(key) {
      // A copy, as a read from the disk is (parsed JSON, no Upload instance, as tus itself has
      // it): the file store changes what it is handed before writing it back.
      const known = kept.get(key);
      if (known) return { ...known } as Upload;
      const read = await disk.get(key);
      if (read) kept.set(key, { ...read } as Upload);
      return read;
    },
    async set(key, value) {
      kept.delete(key);
      await disk.set(key, value);
      // What the disk now holds (tus goes on changing the object it wrote).
      kept.set(key, JSON.parse(JSON.stringify(value)) as Upload);
    },
    async delete(key) {
      kept.delete(key);
      await disk.delete(key);
    },
    list: () => disk.list!(),
  };
}

async function progressOf(datastore: DataStore, id: string): Promise<{ offset: number; size: number | undefined } | null> {
  try {
    const upload = await datastore.getUpload(id);
    return { offset: upload.offset, size: upload.size };
  } catch {
    return null;
  }
}
