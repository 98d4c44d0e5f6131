/**
 * A migrated, empty PGlite database kept as a tarball in node_modules/.cache, made
 * once per install (by `npm ci` through the prepare script). A new data directory
 * starts from it instead of running initdb and every migration, which is most of the
 * time a first `npm start` would otherwise take.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const cacheDir = fileURLToPath(new URL('../../../node_modules/.cache/audition', import.meta.url));

/** The template's file: its name changes whenever a migration does. */
export function templateFile(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return path.join(cacheDir, `pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/** The template, or undefined when this install has none yet. */
export async function readTemplate(): Promise<Blob | undefined> {
  const file = templateFile();
  return existsSync(file) ? new Blob([await readFile(file)]) : undefined;
}

/**
 * Writes the template's files into `dataDir` (which must hold no database yet) and
 * answers whether there was a template. Done here rather than by PGlite's loadDataDir,
 * which unpacks the archive inside its WebAssembly memory: that memory never shrinks,
 * and kept about 100 MB resident for the life of the process (docs/embedded-database.md).
 */
export async function extractTemplate(dataDir: string): Promise<boolean> {
  const file = templateFile();
  if (!existsSync(file)) return false;
  const tar = gunzipSync(await readFile(file));
  // Unpacked beside it and renamed in place: a start stopped halfway leaves no half database.
  const partial = `${dataDir}.unpacking-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true, mode: 0o700 });
  // ustar as PGlite writes it: 512-byte headers, regular files ('0') and folders ('5').
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    const field = (from: number, length: number) => header.subarray(from, from + length).toString('utf8').replace(/\0.*$/s, '');
    const name = field(345, 155) ? `${field(345, 155)}/${field(0, 100)}` : field(0, 100);
    if (!name) break;
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const mode = parseInt(field(100, 8).trim() || '600', 8) & 0o777;
    const type = field(156, 1) || '0';
    const target = path.join(partial, ...name.split('/').filter((part) => part && part !== '.' && part !== '..'));
    if (type === '5') {
      await mkdir(target, { recursive: true, mode: 0o700 });
    } else if (type === '0') {
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await writeFile(target, tar.subarray(at + 512, at + 512 + size));
      await chmod(target, mode || 0o600);
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  await mkdir(path.dirname(dataDir), { recursive: true });
  // An empty folder in the way (made by hand or by mkdtemp) is replaced; a folder with
  // other files in it is left alone, and PGlite unpacks the template itself.
  await rmdir(dataDir).catch(() => {});
  try {
    await rename(partial, dataDir);
    return true;
  } catch {
    await rm(partial, { recursive: true, force: true });
    return false;
  }
}

/** Makes the template (about as long as one initdb) unless it exists. */
export async function writeTemplate(): Promise<string> {
  const file = templateFile();
  if (existsSync(file)) return file;
  const client = await PGlite.create({ dataDir: 'memory://', extensions: { pg_trgm, unaccent } });
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  await mkdir(path.dirname(file), { recursive: true });
  // Each writer its own temporary name: test runs and starts sharing an install may race here.
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return file;
}
