// Prints the API description the app answers at GET /api/docs, in the form docs/openapi.json is
// committed (the health test compares the two; scripts/check-generated.mjs runs this in CI).
// The app is built as the tests build it, on the migrated PGlite template, without the web app.
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { closeContext, createContext } from '../src/server/context.js';
import { openDatabase } from '../src/server/db/client.js';
import { readTemplate, writeTemplate } from '../src/server/db/pglite-template.js';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'audition-openapi-'));
try {
  await writeTemplate();
  const template = await readTemplate();
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://', loadDataDir: template }, { migrate: false });
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent', JWT_SECRET: 'openapi-document-openapi-document-0123' });
  const ctx = await createContext(config, () => {}, { database });
  const app = await buildApp(ctx, { logger: false, serveWeb: false });
  const res = await app.inject({ method: 'GET', url: '/api/docs' });
  process.stdout.write(`${JSON.stringify(res.json(), null, 2)}\n`);
  await app.close();
  await closeContext(ctx);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
