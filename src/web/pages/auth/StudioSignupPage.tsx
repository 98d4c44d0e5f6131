/** /studio-signup: the sign-up form and OTP modal of /signup, for a studio account (docs/marketplace.md). */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { LIMITS } from '../../../contract/limits';
import { MARKET_MSG } from '../../../contract/marketplace-messages';
import { MSG } from '../../../contract/messages';
import { studioSignup, studioVerifyOtp } from '../../api/jobs';
import { useBusy } from '../../components/Busy';
import { useToast } from '../../components/Toasts';
import { STORAGE_KEYS } from '../../lib/session';
import { AuthShell } from './AuthShell';
import { VerifyOtpModal } from './VerifyOtpModal';
import './auth.css';

const empty = { fname: '', number: '', email: '', password: '' };

export default function StudioSignupPage() {
  const [form, setForm] = useState(empty);
  const [otpOpen, setOtpOpen] = useState(false);
  const toast = useToast();
  const { run } = useBusy();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = 'Studio sign-up · Audition';
  }, []);

  // A studio's name keeps its letter case; the e-mail is lowercased and the phone digits only, as on /signup.
  const set = (field: keyof typeof empty, value: string) => {
    const clean = field === 'number' ? value.replace(/\D/g, '') : field === 'email' ? value.toLowerCase().trimStart() : field === 'fname' ? value.trimStart() : value;
    setForm((f) => ({ ...f, [field]: clean }));
  };
  const payload = () => ({ ...form, fname: form.fname.trim(), email: form.email.trim(), number: form.number.trim() });

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const body = payload();
    if (!body.fname || !body.number || !body.email || !body.password) return toast(MSG.fillAllFields);
    if (body.password.length < LIMITS.passwordMin) return toast(MSG.passwordTooShort);
    try {
      await run(() => studioSignup(body));
      setOtpOpen(true);
    } catch (err) {
      toast((err as Error).message);
    }
  }

  const handleCloseOtp = useCallback(() => setOtpOpen(false), []);

  async function handleVerify(otp: string) {
    try {
      await run(() => studioVerifyOtp({ ...payload(), otp }));
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
        <h1>Cast on Audition</h1>
        <p className="lead">Create your studio account: post jobs and meet performers.</p>
        <div className="field">
          <label htmlFor="fname">{MARKET_MSG.studioName}</label>
          <input id="fname" className="input" autoComplete="organization" value={form.fname} onChange={(e) => set('fname', e.target.value)} />
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
        <p className="auth-switch">
          A performer? <Link to="/signup">Create a performer account</Link>
        </p>
      </AuthShell>
      {otpOpen && <VerifyOtpModal email={payload().email} onVerify={handleVerify} onClose={handleCloseOtp} />}
    </>
  );
}
