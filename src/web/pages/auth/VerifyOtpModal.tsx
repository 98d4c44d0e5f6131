/** The Verify OTP modal that opens after a successful sign-up request (docs/product.md §2). */
import { useEffect, useState, type FormEvent } from 'react';
import { LIMITS } from '../../../contract/limits';
import { OtpInput } from './OtpInput';

interface Props {
  email: string;
  onVerify(otp: string): void;
  onClose(): void;
}

export function VerifyOtpModal({ email, onVerify, onClose }: Props) {
  const [digits, setDigits] = useState<string[]>(() => Array(LIMITS.otpLength).fill(''));
  const otp = digits.join('');

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (otp.length === LIMITS.otpLength) onVerify(otp);
  }

  return (
    <div className="modal-backdrop">
      <form className="modal card" role="dialog" aria-modal="true" aria-labelledby="otp-title" onSubmit={handleSubmit}>
        <button type="button" className="icon-btn modal-close" aria-label="Close" onClick={onClose}>×</button>
        <h2 id="otp-title">Verify OTP</h2>
        <p className="muted">We sent a {LIMITS.otpLength}-digit code to <strong>{email}</strong>.</p>
        <p style={{ margin: 0, fontWeight: 600 }}>Enter verification code</p>
        <OtpInput digits={digits} onChange={setDigits} />
        <button type="submit" className="btn btn-block" disabled={otp.length !== LIMITS.otpLength}>Verify</button>
      </form>
    </div>
  );
}
