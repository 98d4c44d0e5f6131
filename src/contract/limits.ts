/** Business constants and limits (docs/product.md §9, §10), in one place. */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  otpLength: 4,
  otpLifeMinutes: 10,
  otpMaxWrongTries: 5,
  otpResendSeconds: 60,
  nameMax: 100,
  emailMax: 254,
  phoneMax: 20,
  /** Fewer digits is no phone number anywhere (issue 49, item 16: a 2-digit phone was taken). */
  phoneMin: 6,
  textMax: 200,
  urlMax: 2048,
  pollMs: 3000,
  toastMs: 5000,
  /**
   * A longer success toast (a close naming everyone it told) stays for its reading time, at
   * this many ms a word (200 words a minute), never less than toastMs (docs/screens.md, "Toasts").
   */
  toastMsPerWord: 300,
  contactMessageMs: 3000,
  contactRows: 7,
  studioBannerChars: 338,
  studioAboutChars: 900,
  jobCardChars: 33,
  studioJobsShown: 3,
  /** Every date a call names is before this day (UTC): PostgreSQL's timestamps and JavaScript's ISO strings agree up to year 9999 only (docs/faults.md, "Bad input"). */
  dateBefore: '2100-01-01',
} as const;
