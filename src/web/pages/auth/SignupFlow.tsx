/**
 * The sign-up form, then the Verify OTP modal, then /login (docs/product.md §2, §4, §5):
 * one flow for both kinds of account. The performer's /signup and the studio's
 * /studio-signup differ only in their words, the name field and the calls they make.
 */
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import type { SignupBody } from '../../../contract/auth';
import { firstProblem } from '../../../contract/field-rules';
import { MSG } from '../../../contract/messages';
import { useBusy } from '../../components/Busy';
import { useToast } from '../../components/Toasts';
import { STORAGE_KEYS } from '../../lib/session';
import { AuthShell } from './AuthShell';
import { VerifyOtpModal } from './VerifyOtpModal';
import './auth.css';

type Form = { fname: string; number: string; email: string; password: string };
const empty: Form = { fname: '', number: '', email: '', password: '' };

export interface SignupFlowProps {
  heading: string;
  lead: string;
  nameLabel: string;
  nameAutoComplete: string;
  /** A performer's name is lowercased as typed (the spec's rule); a studio's keeps its case. */
  lowerCaseName: boolean;
  /** The server's own rules for these fields, checked before sending: the first problem is the toast. */
  rules: z.ZodMiniObject;
  sendCode(body: SignupBody): Promise<unknown>;
  verify(body: SignupBody & { otp: string }): Promise<{ created: string }>;
  /** Links under the form beside "Already have an account?". */
  more?: ReactNode;
}

export function SignupFlow(props: SignupFlowProps) {
  const [form, setForm] = useState(empty);
  const [otpOpen, setOtpOpen] = useState(false);
  const toast = useToast();
  const { run } = useBusy();
  const navigate = useNavigate();

  // The e-mail lowercased on input, the phone digits only (docs/product.md §5).
  const set = (field: keyof Form, value: string) => {
    const lower = field === 'email' || (field === 'fname' && props.lowerCaseName);
    const clean = field === 'number' ? value.replace(/\D/g, '') : lower ? value.toLowerCase().trimStart() : field === 'fname' ? value.trimStart() : value;
    setForm((f) => ({ ...f, [field]: clean }));
  };
  const payload = () => ({ ...form, fname: form.fname.trim(), email: form.email.trim(), number: form.number.trim() });

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const body = payload();
    const problem = firstProblem(props.rules, body);
    if (problem) return toast(problem);
    try {
      await run(() => props.sendCode(body));
      setOtpOpen(true);
    } catch (err) {
      toast((err as Error).message);
    }
  }

  // Stable, so the modal's Escape listener is added once.
  const handleCloseOtp = useCallback(() => setOtpOpen(false), []);

  async function handleVerify(otp: string) {
    try {
      const answer = await run(() => props.verify({ ...payload(), otp }));
      if (answer.created !== 'create' && answer.created !== 'exist') return toast(MSG.somethingWentWrong);
      sessionStorage.setItem(STORAGE_KEYS.created, 'yes');
      setOtpOpen(false);
      navigate('/login');
    } catch (err) {
      toast((err as Error).message);
    }
  }

  return (
    <>
      <AuthShell onSubmit={handleSubmit}>
        <h1>{props.heading}</h1>
        <p className="lead">{props.lead}</p>
        <div className="field">
          <label htmlFor="fname">{props.nameLabel}</label>
          <input id="fname" className="input" autoComplete={props.nameAutoComplete} value={form.fname} onChange={(e) => set('fname', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="number">Phone No.</label>
          <input id="number" className="input" inputMode="numeric" autoComplete="tel" value={form.number} onChange={(e) => set('number', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="email">Email Id</label>
          <input id="email" className="input" type="email" autoComplete="email" value={form.email} onChange={(e) => set('email', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="password">Password</label>
          <input id="password" className="input" type="password" autoComplete="new-password" value={form.password} onChange={(e) => set('password', e.target.value)} />
        </div>
        <button type="submit" className="btn btn-block">Sign Up</button>
        <p className="auth-switch">
          Already have an account? <Link to="/login">Log in</Link>
        </p>
        {props.more}
      </AuthShell>
      {otpOpen && <VerifyOtpModal email={payload().email} onVerify={handleVerify} onClose={handleCloseOtp} />}
    </>
  );
}
