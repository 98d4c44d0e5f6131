/**
 * The current-password guesses of the settings calls, spread over two instances that share
 * one PostgreSQL database and count their limits in one Redis.
 */
import { randomBytes } from 'node:crypto';
import { buildTestApp } from '../../../../test/test-app.js';
import { passwordCheckAttackSuite } from './password-check-attacks.suite.js';

passwordCheckAttackSuite(async () => {
  const env = { REDIS_URL: process.env.REDIS_URL!, REDIS_KEY_PREFIX: `audition-test-${randomBytes(4).toString('hex')}:` };
  const t = await buildTestApp(env);
  // A second instance on the same database (which it must not close) and the same counts.
  const second = await buildTestApp(env, { database: { ...t.ctx.database, close: async () => {} } });
  return {
    t,
    apps: [t.app, second.app],
    async close() {
      await second.close();
      await t.close();
    },
  };
});
