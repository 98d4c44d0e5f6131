/** The sign-up, code and login attacks with every limit counted in Redis. */
import { randomBytes } from 'node:crypto';
import { authAttackSuite } from './auth-attacks.suite.js';

authAttackSuite(() => ({
  REDIS_URL: process.env.REDIS_URL!,
  REDIS_KEY_PREFIX: `audition-test-${randomBytes(4).toString('hex')}:`,
}));
