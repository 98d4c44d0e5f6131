/**
 * A migrated, empty PGlite database kept as a tarball in node_modules/.cache, made
 * once per install (by `npm ci` through the prepare script). A new data directory
 * starts from it instead of running initdb and every migration, which is most of the
 * time a first `npm start` would otherwise take.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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

/** Makes the template (about as long as one initdb) unless it exists. */
export async function writeTemplate(): Promise<string> {
  const file = templateFile();
  if (existsSync(file)) return file;
  const client = await PGlite.create({ dataDir: 'memory://', extensions: { pg_trgm } });
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
