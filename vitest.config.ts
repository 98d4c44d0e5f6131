import { defineConfig } from 'vitest/config';

// In CI a failed test runs once more, and the reporter marks it "(retry x1)": a wait that a
// busy two-core machine runs out must not throw away the whole run, and a test that fails
// twice still fails it. `npm test` names every test that passed only on its retry at the end
// of its output, so a flaky test is seen and fixed. Locally a failure shows at once.
const retry = process.env.CI ? 1 : 0;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['**/*.redis.test.ts', '**/*.services.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Vitest's default is one file at a time on two cores (cores - 1). PGlite runs inside
          // the test's own process, so two files keep both cores busy; on PostgreSQL a file
          // mostly waits for the database server, and three at once nearly halve the suite
          // (docs/node-versions.md, "Durations").
          maxWorkers: process.env.TEST_DB === 'postgres' ? 3 : 2,
          retry,
        },
      },
      {
        test: {
          name: 'services',
          include: ['src/**/*.redis.test.ts', 'src/**/*.services.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          retry,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One spec at a time: the app, Chromium and the spec share the machine's two cores,
          // and two specs at once made waits on a busy machine run out.
          maxWorkers: 1,
          // A focus or a text that follows an answer can take seconds to come on a busy
          // two-core machine; the 1 s default of expect.poll ran out before it.
          expect: { poll: { timeout: 10_000 } },
          retry,
        },
      },
    ],
  },
});
