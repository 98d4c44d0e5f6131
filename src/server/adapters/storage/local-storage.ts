/**
 * The embedded storage driver: files under DATA_DIR/uploads. The media area serves them
 * with @fastify/static (ranges, ETags) from the location this driver gives.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, stat, statfs, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isValidKey, UPLOADS_PREFIX, type Storage } from './storage.js';

export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, ...key.split('/'));
  };

  const put: Storage['put'] = async (key, body) => {
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
  };

  return {
    driver: 'local',

    put,

    async adopt(key, from) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await rename(from, file);
      } catch (error) {
        // Another disk (DATA_DIR's folders mounted apart): the bytes are copied after all.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await put(key, createReadStream(from), '');
        await unlink(from);
      }
      const { size } = await stat(file);
      return { size };
    },

    async freeBytes() {
      await mkdir(root, { recursive: true });
      const fs = await statfs(root);
      return fs.bavail * fs.bsize;
    },

    async delete(key) {
      await unlink(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },

    async abandon(key) {
      // put writes `<file>.<random>.part` beside the file: every such name is an interrupted put.
      const file = fileOf(key);
      const prefix = `${path.basename(file)}.`;
      const names = await readdir(path.dirname(file)).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        if (!name.startsWith(prefix) || !/^[0-9a-f]{12}\.part$/.test(name.slice(prefix.length))) continue;
        await unlink(path.join(path.dirname(file), name)).then(
          () => (removed += 1),
          () => {},
        );
      }
      return removed;
    },

    async abandonStale(idleMs) {
      let removed = 0;
      const folders = await readdir(root).catch(() => [] as string[]);
      for (const folder of folders) {
        const names = await readdir(path.join(root, folder)).catch(() => [] as string[]);
        for (const name of names) {
          if (!/\.[0-9a-f]{12}\.part$/.test(name)) continue;
          const file = path.join(root, folder, name);
          const idle = await stat(file).then((s) => Date.now() - s.mtimeMs >= idleMs, () => false);
          if (idle) await unlink(file).then(() => (removed += 1), () => {});
        }
      }
      return removed;
    },

    async exists(key) {
      return stat(fileOf(key)).then(
        (s) => s.isFile(),
        () => false,
      );
    },

    urlFor: (key) => `${UPLOADS_PREFIX}${key}`,

    async locate(key) {
      if (!isValidKey(key)) return null;
      const info = await stat(fileOf(key)).catch(() => null);
      return info?.isFile() ? { kind: 'local', root, path: key } : null;
    },

    close() {},
  };
}
