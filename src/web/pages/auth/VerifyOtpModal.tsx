/**
 * The Verify OTP modal that opens after a successful sign-up request (docs/product.md §2), a native
 * modal <dialog>: focus starts on the first digit and stays inside, Escape or the cross
 * closes it, and focus returns to the button that opened it.
 */
import { useRef, useState, type FormEvent } from 'react';
import { LIMITS } from '../../../contract/limits';
import { keepTabInside, useModalDialog } from '../../components/modal-dialog';
import { OtpInput } from './OtpInput';

interface Props {
  email: string;
  onVerify(otp: string): void;
  onClose(): void;
}

export function VerifyOtpModal({ email, onVerify, onClose }: Props) {
  const [digits, setDigits] = useState<string[]>(() => Array(LIMITS.otpLength).fill(''));
  const ref = useRef<HTMLDialogElement>(null);
  const otp = digits.join('');
  useModalDialog(ref);

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (otp.length === LIMITS.otpLength) onVerify(otp);
  }

  return (
    <dialog
      ref={ref}
      className="modal card"
      aria-labelledby="otp-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={keepTabInside}
    >
      <form onSubmit={handleSubmit}>
        <button type="button" className="icon-btn modal-close" aria-label="Close" onClick={onClose}>×</button>
        <h2 id="otp-title">Verify OTP</h2>
        <p className="muted">We sent a {LIMITS.otpLength}-digit code to <strong>{email}</strong>.</p>
        <p className="otp-label">Enter verification code</p>
        <OtpInput digits={digits} onChange={setDigits} />
        <button type="submit" className="btn btn-block" disabled={otp.length !== LIMITS.otpLength}>Verify</button>
      </form>
    </dialog>
  );
}
