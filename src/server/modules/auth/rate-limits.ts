/** The rate limits of docs/product.md §9 on the three auth calls. */

const HOUR = 3600;
const MINUTE = 60;

export const AUTH_LIMITS = {
  loginPerAddress: { limit: 10, windowSec: MINUTE },
  wrongPasswordsPerEmail: { limit: 30, windowSec: HOUR },
  signupPerAddress: { limit: 10, windowSec: HOUR },
  verifyPerAddress: { limit: 30, windowSec: 10 * MINUTE },
} as const;
