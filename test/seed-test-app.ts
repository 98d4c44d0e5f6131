/** The demo seeders' tests: one test app per file (with the demo studios if asked), and its context under other settings. */
import { afterAll, beforeAll } from 'vitest';
import type { AppContext } from '../src/server/context.js';
import { seedDemo } from '../src/server/seed/index.js';
import { buildTestApp, type TestApp } from './test-app.js';

export function seedTestApp(opts: { demoStudios?: boolean } = {}) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await buildTestApp();
    if (opts.demoStudios) await seedDemo(app.ctx.db);
  });
  afterAll(async () => {
    await app?.close();
  });
  const started = (): TestApp => {
    if (!app) throw new Error('the test app starts in beforeAll');
    return app;
  };
  return {
    get t(): TestApp {
      return started();
    },
    /** The app's context with other environment settings (SEED_DEMO, NODE_ENV) and production flag. */
    withEnv: (env: Partial<AppContext['config']['env']>, production = false): AppContext => {
      const { ctx } = started();
      return { ...ctx, config: { ...ctx.config, production, env: { ...ctx.config.env, ...env } } };
    },
  };
}
