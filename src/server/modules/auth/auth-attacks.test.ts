/** The sign-up, code and login attacks with the in-process limiter (PGlite, or PostgreSQL with TEST_DB=postgres). */
import { authAttackSuite } from './auth-attacks.suite.js';

authAttackSuite(() => ({}));
