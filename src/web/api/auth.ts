/** Sign-up and verify calls (docs/product.md §7); logging in is log-in.ts. */
import type { LoginBody, PendingSignupAnswer, SignupBody, VerifyAnswer, VerifyBody } from '../../contract/auth';
import { browserTimeZone } from '../lib/zoned-time';
import { api } from './client';

export const signup = (body: SignupBody) => api<{ msg: string }>('/api/audition/web/signup', { json: body, auth: false });
// The browser's time zone goes with the code: the new account keeps it (docs/account.md, "Time zone").
export const verifyOtp = (body: VerifyBody) => api<VerifyAnswer>('/api/audition/web/verify-otp', { json: { timeZone: browserTimeZone(), ...body }, auth: false });
/** A new code for a sign-up never confirmed, to whoever knows its password (docs/security.md). */
export const resendOtp = (body: LoginBody) => api<PendingSignupAnswer>('/api/audition/web/resend-otp', { json: body, auth: false });
