/**
 * A sign-up of either kind (docs/product.md §7, docs/marketplace.md): mail a code, then verify
 * it, which creates the account. The performer's calls and the studio's differ only in path.
 */
import type { SignupBody } from '../../contract/auth';
import { signup, verifyOtp } from './auth';
import { studioSignup, studioVerifyOtp } from './jobs';
import { useWrite, type WriteHandlers } from './use-write';

export type SignupKind = 'performer' | 'studio';

const CALLS = {
  performer: { send: signup, verify: verifyOtp },
  studio: { send: studioSignup, verify: studioVerifyOtp },
} as const;

/** Mails the sign-up's code. */
export function useSendSignupCode(kind: SignupKind, handlers: WriteHandlers<SignupBody, unknown, never>) {
  return useWrite(CALLS[kind].send, handlers);
}

/** Verifies the code: `created` says whether the account is new ('create') or the e-mail had one ('exist'). */
export function useVerifySignupCode(kind: SignupKind, handlers: WriteHandlers<SignupBody & { otp: string }, { created: string }, never>) {
  return useWrite(CALLS[kind].verify as (body: SignupBody & { otp: string }) => Promise<{ created: string }>, handlers);
}
