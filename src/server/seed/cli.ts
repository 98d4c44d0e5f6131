/**
 * npm run db:seed                    the demo studios and jobs, when there are no studios yet
 * npm run db:seed -- --studios 100000  adds that many generated studios (for the benchmark)
 *
 * Uses the same settings as the server (DATABASE_URL or DATA_DIR). Stop a server
 * that runs on the embedded database first: two processes must not open one PGlite.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { closeContext, createContext } from '../context.js';
import { seedDemo, seedStudios } from './index.js';

async function main() {
  const { values } = parseArgs({ options: { studios: { type: 'string' } } });
  const n = values.studios === undefined ? undefined : Number(values.studios);
  if (n !== undefined && (!Number.isInteger(n) || n < 1)) throw new ConfigError('--studios takes a whole number above 0');
  const ctx = await createContext(loadConfig(), (line) => console.log(line));
  try {
    if (n !== undefined) {
      const started = Date.now();
      await seedStudios(ctx.db, n);
      console.log(`added ${n} studios in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } else {
      const added = await seedDemo(ctx.db);
      console.log(added > 0 ? `seeded ${added} demo studios with their jobs` : 'studios already present: nothing seeded');
    }
    // PGlite has no autovacuum (docs/embedded-database.md); PostgreSQL's does this itself.
    await ctx.database.maintain();
  } finally {
    await closeContext(ctx);
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
