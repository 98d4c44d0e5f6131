/** The current-password guesses of the settings calls, on one instance with the in-process limiter (PGlite, or PostgreSQL with TEST_DB=postgres). */
import { buildTestApp } from '../../../../test/test-app.js';
import { passwordCheckAttackSuite } from './password-check-attacks.suite.js';

passwordCheckAttackSuite(async () => {
  const t = await buildTestApp();
  return { t, apps: [t.app], close: () => t.close() };
});
