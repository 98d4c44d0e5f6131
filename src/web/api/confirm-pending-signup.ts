/**
 * A sign-up never confirmed, finished from /login (docs/security.md "The code flow"): a new
 * code to whoever knows its password, and the verify call of the sign-up's kind.
 */
import type { LoginBody, PendingSignupAnswer, SignupBody } from '../../contract/auth';
import { resendOtp, verifyOtp } from './auth';
import { studioVerifyOtp } from './jobs';
import { useWrite, type WriteHandlers } from './use-write';

export interface PendingCode {
  role: PendingSignupAnswer['role'];
  body: SignupBody & { otp: string };
}

const verifyPending = ({ role, body }: PendingCode) => (role === 'studio' ? studioVerifyOtp(body) : verifyOtp(body));

/** Sends a new code for the pending sign-up. */
export function useResendPendingCode(handlers: WriteHandlers<LoginBody, PendingSignupAnswer, never>) {
  return useWrite(resendOtp, handlers);
}

/** Confirms the pending sign-up with its code. */
export function useVerifyPendingCode(handlers: WriteHandlers<PendingCode, unknown, never>) {
  return useWrite(verifyPending, handlers);
}
