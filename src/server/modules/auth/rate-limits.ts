/** The limits on the three auth calls (docs/security.md lists each and its test). */

const HOUR = 3600;
const MINUTE = 60;
const DAY = 24 * HOUR;

export const AUTH_LIMITS = {
  loginPerAddress: { limit: 10, windowSec: MINUTE },
  /** Wrong passwords for one e-mail from one address. */
  wrongPasswordsPerPair: { limit: 10, windowSec: HOUR },
  /**
   * Wrong passwords for one e-mail from everywhere. Past it, only addresses this account
   * has logged in from (within `knownAddressSec`) may still try, so an attacker with many
   * addresses cannot lock the owner out of their own.
   */
  wrongPasswordsPerEmail: { limit: 30, windowSec: HOUR },
  knownAddressSec: 30 * DAY,
  signupPerAddress: { limit: 10, windowSec: HOUR },
  verifyPerAddress: { limit: 30, windowSec: 10 * MINUTE },
  /** Tries on every code of one e-mail, across new codes. */
  codeTriesPerEmail: { limit: 10, windowSec: HOUR },
} as const;
