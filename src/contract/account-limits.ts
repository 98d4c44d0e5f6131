/** Limits of the account calls (docs/account.md), in one place. */
export const ACCOUNT_LIMITS = {
  /** A reset link works once, for this long. */
  resetLinkMinutes: 30,
  /**
   * Every forgot-password answer takes at least this long, known e-mail or not, so the
   * answer's timing never tells whether an address has an account.
   */
  forgotPasswordMinMs: 300,
  /** Reset links asked for one address an hour, and from one client address an hour. */
  forgotPerEmailPerHour: 3,
  forgotPerAddressPerHour: 20,
  /** Reset attempts (good or bad tokens) from one client address in 10 minutes. */
  resetPerAddressPer10Min: 20,
  /** Wrong current passwords (settings: change password, delete) per account an hour. */
  wrongPasswordPerAccountPerHour: 10,
  /** Rows an admin list answers at most. */
  adminListMax: 200,
} as const;
