/**
 * The Verify OTP modal that opens after a successful sign-up request (docs/product.md §2), a native
 * modal <dialog>: focus starts on the first digit and stays inside, Escape or the cross
 * closes it, and focus returns to the button that opened it. It never ends in a dead end
 * (docs/security.md "The code flow"): "Send a new code" counts down to when one may be
 * sent, and a code that expired or took too many wrong tries says so and offers "Start again".
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LIMITS } from '../../../contract/limits';
import { MSG } from '../../../contract/messages';
import { FieldError, fieldA11y } from '../../components/FormField';
import { keepTabInside, useModalDialog } from '../../components/modal-dialog';
import { NO_RULES, useFieldProblems } from '../../components/useFieldProblems';
import { OtpInput } from './OtpInput';

/** Why the code no longer works, once the server said so. */
export type DeadCode = 'expired' | 'dead';

interface Props {
  email: string;
  /** When (ms since the epoch) a new code may be asked for. */
  resendAt: number;
  dead?: DeadCode | null;
  /** Wrong codes typed for this code so far: each one empties the boxes and is said inside the dialog. */
  wrongTries?: number;
  onVerify(otp: string): void;
  onResend(): void;
  onStartAgain(): void;
  onClose(): void;
}

/** The code's one field: its problem (a wrong code) is `otp-error`; focus goes to the first box. */
const IDS = { otp: 'otp-digit-1' };

/** 0:42: the wait on the button. */
const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** The time now, ticking every second while `until` is ahead. */
function useNowUntil(until: number) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    setNow(Date.now());
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return now;
}

export function VerifyOtpModal({ email, resendAt, dead, wrongTries = 0, onVerify, onResend, onStartAgain, onClose }: Props) {
  const [digits, setDigits] = useState<string[]>(() => Array(LIMITS.otpLength).fill(''));
  const ref = useRef<HTMLDialogElement>(null);
  const otp = digits.join('');
  const now = useNowUntil(resendAt);
  const waiting = resendAt > now;
  const fields = useFieldProblems(NO_RULES, IDS);
  useModalDialog(ref);

  // A dead code's note replaces the boxes: focus goes to its way on.
  useEffect(() => {
    if (dead) ref.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [dead]);
  // A new code starts with empty boxes and no problem.
  const { show, reset } = fields;
  useEffect(() => {
    setDigits(Array(LIMITS.otpLength).fill(''));
    reset();
  }, [resendAt, reset]);
  // A wrong code: the boxes empty, the problem shows at them with the tries left, and the first box takes the focus, for the next try.
  useEffect(() => {
    if (!wrongTries) return;
    setDigits(Array(LIMITS.otpLength).fill(''));
    show({ otp: MSG.otpWrongHere(Math.max(0, LIMITS.otpMaxWrongTries - wrongTries)) });
  }, [wrongTries, show]);

  const resend = (
    <button type="button" className="otp-resend" disabled={waiting} onClick={onResend}>
      {waiting ? MSG.otpSendNewIn(clock(resendAt - now)) : MSG.otpSendNew}
    </button>
  );

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
        {dead ? (
          <>
            <p className="otp-dead" role="alert">{dead === 'expired' ? MSG.otpExpiredHere : MSG.otpDeadHere}</p>
            <button type="button" className="btn btn-block" data-autofocus onClick={onStartAgain}>{MSG.otpStartAgain}</button>
            {resend}
          </>
        ) : (
          <>
            <p className="muted">We sent a {LIMITS.otpLength}-digit code to <strong>{email}</strong>.</p>
            <p className="otp-label">Enter verification code</p>
            <OtpInput
              id={IDS.otp}
              a11y={fieldA11y('otp', fields.problems.otp)}
              digits={digits}
              onChange={(next) => {
                fields.clear('otp');
                setDigits(next);
              }}
            />
            <FieldError id="otp" className="otp-wrong" error={fields.problems.otp} />
            <button type="submit" className="btn btn-block" disabled={otp.length !== LIMITS.otpLength}>Verify</button>
            {resend}
          </>
        )}
      </form>
    </dialog>
  );
}
