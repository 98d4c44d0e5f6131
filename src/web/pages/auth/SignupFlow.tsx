/**
 * The sign-up form, then the Verify OTP modal, then /login (docs/product.md §2, §4, §5):
 * one flow for both kinds of account. The performer's /signup and the studio's
 * /studio-signup differ only in their words, the name field and the calls they make.
 */
import { useCallback, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { firstProblem } from '../../../contract/field-rules';
import { MSG } from '../../../contract/messages';
import { useSendSignupCode, useVerifySignupCode, type SignupKind } from '../../api/sign-up';
import { TextField } from '../../components/FormField';
import { useToast } from '../../components/Toasts';
import { useFieldProblems } from '../../components/useFieldProblems';
import { LIMITS } from '../../../contract/limits';
import { JUST_VERIFIED_EMAIL, STORAGE_KEYS, SIGNUP_EXISTED } from '../../api/session';
import { AuthShell } from './AuthShell';
import { ApiError, errorCode } from '../../api/client';
import { VerifyOtpModal, type DeadCode } from './VerifyOtpModal';
import './auth.css';

type Form = { fname: string; number: string; email: string; password: string };
const empty: Form = { fname: '', number: '', email: '', password: '' };
/** The fields' element ids, in the form's order. */
const IDS: Record<keyof Form, string> = { fname: 'fname', number: 'number', email: 'email', password: 'password' };

export interface SignupFlowProps {
  heading: string;
  lead: string;
  nameLabel: string;
  nameAutoComplete: string;
  /** A performer's name is lowercased as typed (the spec's rule); a studio's keeps its case. */
  lowerCaseName: boolean;
  /** The server's own rules for these fields, checked before sending: the first problem is the toast. */
  rules: z.ZodMiniObject;
  /** Which sign-up's calls (api/sign-up.ts). */
  kind: SignupKind;
  /** Links under the form beside "Already have an account?". */
  more?: ReactNode;
}

export function SignupFlow(props: SignupFlowProps) {
  const [form, setForm] = useState(empty);
  /** The open code dialog: when a new code may be asked for. */
  const [otp, setOtp] = useState<{ resendAt: number } | null>(null);
  /** The e-mail whose code the server said is dead, and why: it stays dead when the dialog opens again. */
  const [dead, setDead] = useState<{ email: string; why: DeadCode } | null>(null);
  /** Wrong codes typed since the last code was sent (a new code has its own tries). */
  const [wrongTries, setWrongTries] = useState(0);
  const toast = useToast();
  const navigate = useNavigate();
  const labels = useMemo(() => ({ fname: props.nameLabel, number: 'Phone No.', email: 'Email Id', password: 'Password' }), [props.nameLabel]);
  const fields = useFieldProblems(props.rules, IDS, labels);

  // The e-mail lowercased on input, the phone digits only (docs/product.md §5).
  const set = (field: keyof Form, value: string) => {
    const lower = field === 'email' || (field === 'fname' && props.lowerCaseName);
    const clean = field === 'number' ? value.replace(/\D/g, '') : lower ? value.toLowerCase().trimStart() : field === 'fname' ? value.trimStart() : value;
    setForm((f) => ({ ...f, [field]: clean }));
    fields.clear(field);
  };
  const payload = () => ({ ...form, fname: form.fname.trim(), email: form.email.trim(), number: form.number.trim() });

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const body = payload();
    // Every wrong field is marked at once; the first problem is also the spec's toast.
    const problem = firstProblem(props.rules, body);
    if (!fields.check(body) || problem) return toast(problem ?? MSG.fillAllFields);
    sendCode();
  }

  /**
   * Mails a code and opens the dialog. A code sent less than a minute ago is still good:
   * the dialog opens again, counting down to when a new one may be sent.
   */
  const send = useSendSignupCode(props.kind, {
    overlay: MSG.loading,
    onSuccess: () => {
      setDead(null);
      setWrongTries(0);
      setOtp({ resendAt: Date.now() + LIMITS.otpResendSeconds * 1000 });
    },
    onError: (err) => {
      if (err instanceof ApiError && errorCode(err) === 'otp_resend_too_soon') {
        setOtp({ resendAt: Date.now() + (err.retryAfter ?? LIMITS.otpResendSeconds) * 1000 });
        return;
      }
      toast(err.message);
    },
  });
  function sendCode(again = false) {
    if (send.isPending) return;
    // Asked again from the dialog, the answer is also said.
    send.mutate(payload(), {
      onSuccess: () => again && toast(MSG.otpNewCodeSent, 'success'),
      onError: (err) => again && errorCode(err) === 'otp_resend_too_soon' && toast(err.message),
    });
  }

  // Stable, so the modal's Escape listener is added once.
  const handleCloseOtp = useCallback(() => setOtp(null), []);

  const verify = useVerifySignupCode(props.kind, {
    overlay: MSG.loading,
    onSuccess: (answer) => {
      if (answer.created !== 'create' && answer.created !== 'exist') return toast(MSG.somethingWentWrong);
      sessionStorage.setItem(STORAGE_KEYS.created, 'yes');
      sessionStorage.setItem(JUST_VERIFIED_EMAIL, payload().email);
      // The e-mail had an account: /login says so, and that its password was not changed.
      if (answer.created === 'exist') sessionStorage.setItem(SIGNUP_EXISTED, 'yes');
      else sessionStorage.removeItem(SIGNUP_EXISTED);
      setOtp(null);
      navigate('/login');
    },
    onError: (err) => {
      const code = errorCode(err);
      // A wrong code is said inside the dialog, where the eyes are (docs/security.md "The code flow").
      if (code === 'otp_wrong') return setWrongTries((n) => n + 1);
      toast(err.message);
      if (code === 'otp_expired' || code === 'otp_dead') setDead({ email: payload().email, why: code === 'otp_expired' ? 'expired' : 'dead' });
    },
  });
  function handleVerify(otp: string) {
    if (!verify.isPending) verify.mutate({ ...payload(), otp });
  }

  /** Back to the form, everything typed kept, focus on Sign Up: the next press sends a new code. */
  function handleStartAgain() {
    setOtp(null);
    requestAnimationFrame(() => document.getElementById('signup-submit')?.focus());
  }

  return (
    <>
      <AuthShell onSubmit={handleSubmit}>
        <h1>{props.heading}</h1>
        <p className="lead">{props.lead}</p>
        <TextField id={IDS.fname} label={props.nameLabel} autoComplete={props.nameAutoComplete} value={form.fname} onChange={(e) => set('fname', e.target.value)} error={fields.problems.fname} />
        <TextField id={IDS.number} label={labels.number} inputMode="numeric" autoComplete="tel" value={form.number} onChange={(e) => set('number', e.target.value)} error={fields.problems.number} />
        <TextField id={IDS.email} label={labels.email} type="email" autoComplete="email" value={form.email} onChange={(e) => set('email', e.target.value)} error={fields.problems.email} />
        <TextField id={IDS.password} label={labels.password} type="password" autoComplete="new-password" value={form.password} onChange={(e) => set('password', e.target.value)} error={fields.problems.password} />
        <button type="submit" id="signup-submit" className="btn btn-block">Sign Up</button>
        <p className="auth-terms" data-testid="signup-terms">
          By signing up you agree to the <Link to="/terms">Terms</Link> and the <Link to="/privacy">Privacy Policy</Link>.
        </p>
        <p className="auth-switch">
          Already have an account? <Link to="/login">Log in</Link>
        </p>
        {props.more}
      </AuthShell>
      {otp && (
        <VerifyOtpModal
          email={payload().email} resendAt={otp.resendAt} dead={dead?.email === payload().email ? dead.why : null} wrongTries={wrongTries}
          onVerify={handleVerify} onResend={() => sendCode(true)} onStartAgain={handleStartAgain} onClose={handleCloseOtp}
        />
      )}
    </>
  );
}
