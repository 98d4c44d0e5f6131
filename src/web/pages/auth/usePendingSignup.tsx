/**
 * Login with the password of a sign-up never confirmed (docs/security.md "The code flow"):
 * says "confirm your e-mail first", offers to send a code, and finishes the sign-up in the
 * Verify OTP dialog with the verify call of its kind; then the login goes on by itself.
 */
import { useCallback, useState } from 'react';
import type { LoginBody, PendingSignupAnswer } from '../../../contract/auth';
import { MSG } from '../../../contract/messages';
import { resendOtp, verifyOtp } from '../../api/auth';
import { errorCode } from '../../api/client';
import { studioVerifyOtp } from '../../api/jobs';
import { useBusy } from '../../components/Busy';
import { useToast } from '../../components/Toasts';
import { STORAGE_KEYS } from '../../api/session';
import { VerifyOtpModal, type DeadCode } from './VerifyOtpModal';

/**
 * `offer` goes inside the login form (the note and its button), `dialog` after it: a form
 * inside a form would send its submit to the login form too.
 */
export function usePendingSignup(credentials: LoginBody, onConfirmed: () => void) {
  const [pending, setPending] = useState<(PendingSignupAnswer & { resendAt: number }) | null>(null);
  const [dead, setDead] = useState<DeadCode | null>(null);
  const [wrongTries, setWrongTries] = useState(0);
  const toast = useToast();
  const { run } = useBusy();

  async function sendCode(again = false) {
    try {
      const answer = await run(() => resendOtp(credentials));
      if (again) toast(answer.sent ? MSG.otpNewCodeSent : answer.msg, answer.sent ? 'success' : 'error');
      if (answer.sent) setDead(null);
      if (answer.sent) setWrongTries(0);
      setPending({ ...answer, resendAt: Date.now() + answer.resendIn * 1000 });
    } catch (err) {
      toast((err as Error).message);
    }
  }

  async function handleVerify(otp: string) {
    if (!pending) return;
    const body = { ...credentials, fname: pending.fname, number: pending.number, otp };
    try {
      await run(() => (pending.role === 'studio' ? studioVerifyOtp(body) : verifyOtp(body)));
      sessionStorage.setItem(STORAGE_KEYS.created, 'yes');
      setPending(null);
      onConfirmed();
    } catch (err) {
      const code = errorCode(err);
      // A wrong code is said inside the dialog (docs/security.md "The code flow").
      if (code === 'otp_wrong') return setWrongTries((n) => n + 1);
      toast((err as Error).message);
      if (code === 'otp_expired' || code === 'otp_dead') setDead(code === 'otp_expired' ? 'expired' : 'dead');
    }
  }

  const handleClose = useCallback(() => setPending(null), []);

  const offer = (
    <div className="auth-note" role="status" data-testid="confirm-first">
      <p>{MSG.confirmEmailFirst}</p>
      <button type="button" className="btn btn-secondary" onClick={() => sendCode()}>{MSG.sendCode}</button>
    </div>
  );
  const dialog = pending && (
    <VerifyOtpModal
      email={credentials.email} resendAt={pending.resendAt} dead={dead} wrongTries={wrongTries}
      onVerify={handleVerify} onResend={() => sendCode(true)} onStartAgain={() => sendCode(true)} onClose={handleClose}
    />
  );
  return { offer, dialog };
}
