/** /signup: the form, then the Verify OTP modal, then /login (docs/product.md §2, §4, §5). */
import { useCallback, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { firstProblem, signupFields } from '../../../contract/field-rules';
import { MSG } from '../../../contract/messages';
import { signup, verifyOtp } from '../../api/auth';
import { useBusy } from '../../components/Busy';
import { useToast } from '../../components/Toasts';
import { STORAGE_KEYS } from '../../lib/session';
import { AuthShell } from './AuthShell';
import { VerifyOtpModal } from './VerifyOtpModal';
import './auth.css';

const empty = { fname: '', number: '', email: '', password: '' };
/** The server's own sign-up rules, checked before sending: the first problem is the toast. */
const signupRules = z.object(signupFields);

export default function SignupPage() {
  const [form, setForm] = useState(empty);
  const [otpOpen, setOtpOpen] = useState(false);
  const toast = useToast();
  const { run } = useBusy();
  const navigate = useNavigate();

  // docs/product.md §5: name and e-mail lowercased on input, the phone digits only.
  const set = (field: keyof typeof empty, value: string) => {
    const clean =
      field === 'number' ? value.replace(/\D/g, '') : field === 'fname' || field === 'email' ? value.toLowerCase().trimStart() : value;
    setForm((f) => ({ ...f, [field]: clean }));
  };
  const payload = () => ({ ...form, fname: form.fname.trim(), email: form.email.trim(), number: form.number.trim() });

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const body = payload();
    const problem = firstProblem(signupRules, body);
    if (problem) return toast(problem);
    try {
      await run(() => signup(body));
      setOtpOpen(true);
    } catch (err) {
      toast((err as Error).message);
    }
  }

  // Stable, so the modal's Escape listener is added once.
  const handleCloseOtp = useCallback(() => setOtpOpen(false), []);

  async function handleVerify(otp: string) {
    try {
      const answer = await run(() => verifyOtp({ ...payload(), otp }));
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
        <h1>Welcome to Audition</h1>
        <p className="lead">Create your performer account in a minute.</p>
        <div className="field">
          <label htmlFor="fname">Fullname</label>
          <input id="fname" className="input" autoComplete="name" value={form.fname} onChange={(e) => set('fname', e.target.value)} />
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
      </AuthShell>
      {otpOpen && <VerifyOtpModal email={payload().email} onVerify={handleVerify} onClose={handleCloseOtp} />}
    </>
  );
}
