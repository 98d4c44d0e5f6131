/**
 * Login with the password of a sign-up never confirmed (docs/security.md "The code flow"):
 * says "confirm your e-mail first", offers to send a code, and finishes the sign-up in the
 * Verify OTP dialog with the verify call of its kind; then the login goes on by itself.
 */
import { useCallback, useState } from 'react';
import type { LoginBody, PendingSignupAnswer } from '../../../contract/auth';
import { MSG } from '../../../contract/messages';
import { errorCode } from '../../api/client';
import { useResendPendingCode, useVerifyPendingCode } from '../../api/confirm-pending-signup';
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
  const resend = useResendPendingCode({
    overlay: MSG.loading,
    onSuccess: (answer) => {
      if (answer.sent) {
        setDead(null);
        setWrongTries(0);
      }
      setPending({ ...answer, resendAt: Date.now() + answer.resendIn * 1000 });
    },
    onError: (err) => toast(err.message),
  });
  const verify = useVerifyPendingCode({
    overlay: MSG.loading,
    onSuccess: () => {
      sessionStorage.setItem(STORAGE_KEYS.created, 'yes');
      setPending(null);
      onConfirmed();
    },
    onError: (err) => {
      const code = errorCode(err);
      // A wrong code is said inside the dialog (docs/security.md "The code flow").
      if (code === 'otp_wrong') return setWrongTries((n) => n + 1);
      toast(err.message);
      if (code === 'otp_expired' || code === 'otp_dead') setDead(code === 'otp_expired' ? 'expired' : 'dead');
    },
  });

  function sendCode(isAgain = false) {
    if (resend.isPending) return;
    // Asked again from the dialog, the answer is also said.
    resend.mutate(credentials, {
      onSuccess: (answer) => isAgain && toast(answer.sent ? MSG.otpNewCodeSent : answer.msg, answer.sent ? 'success' : 'error'),
    });
  }

  function handleVerify(otp: string) {
    if (!pending || verify.isPending) return;
    verify.mutate({ role: pending.role, body: { ...credentials, fname: pending.fname, number: pending.number, otp } });
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
