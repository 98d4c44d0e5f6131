/** The account calls: forgotten password, settings, export, deletion (docs/account.md). */
import { z } from 'zod';
import { email, password } from './fields.js';
import { LIMITS } from './limits.js';
import { MSG } from './messages.js';
import { isTimeZone, TIME_ZONE_MSG } from './time-zones.js';

export { ACCOUNT_LIMITS } from './account-limits.js';

export const forgotPasswordBody = z.object({ email }, { error: MSG.fillAllFields });

const resetToken = z.string({ error: MSG.resetLinkInvalid }).max(200, MSG.resetLinkInvalid).trim().min(1, MSG.resetLinkInvalid);

export const resetPasswordBody = z.object(
  {
    token: resetToken,
    password,
  },
  { error: MSG.fillAllFields },
);

/** Asks whether a mailed reset link still works, without using it (docs/account.md, "Checking a link"). */
export const resetLinkCheckBody = z.object({ token: resetToken }, { error: MSG.resetLinkInvalid });

/** The password the caller types to prove it is them: checked, never length-ruled (old passwords may be any length). */
const currentPassword = z.string({ error: MSG.fillAllFields }).min(1, MSG.fillAllFields).max(LIMITS.passwordMax, MSG.currentPasswordWrong);

// The same password again is refused at the new password's field (issue 49, item 19): nothing would change.
export const changePasswordBody = z
  .object({ current: currentPassword, password }, { error: MSG.fillAllFields })
  .refine((b) => b.password !== b.current, { error: MSG.samePassword, path: ['password'] });

export const deleteAccountBody = z.object({ password: currentPassword }, { error: MSG.fillAllFields });

export const msgAnswer = z.object({ msg: z.string() });
/** A password change ends every other session; the caller keeps going with this new token. */
export const changePasswordAnswer = z.object({ msg: z.string(), token: z.string() });
export type ChangePasswordAnswer = z.infer<typeof changePasswordAnswer>;

/** GET and PUT /api/me/time-zone (docs/account.md, "Time zone"): the caller's own zone; null until set (UTC is used). */
export const timeZoneBody = z.object(
  { timeZone: z.string({ error: TIME_ZONE_MSG.invalid }).refine(isTimeZone, TIME_ZONE_MSG.invalid) },
  { error: TIME_ZONE_MSG.invalid },
);
export const timeZoneAnswer = z.object({ timeZone: z.string().nullable() });
export type TimeZoneAnswer = z.infer<typeof timeZoneAnswer>;
