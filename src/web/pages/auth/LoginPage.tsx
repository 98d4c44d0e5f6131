/** /login: validate, call the server, keep token and id, go to / and reload (docs/product.md §2, §4, §5). */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { email as emailRule, firstProblem, password as passwordRule } from '../../../contract/field-rules';
import { login } from '../../api/auth';
import { useBusy } from '../../components/Busy';
import { useToast } from '../../components/Toasts';
import { session, STORAGE_KEYS } from '../../lib/session';
import { AuthShell } from './AuthShell';
import './auth.css';

/** The sign-up rules for e-mail and password, checked before sending: the first problem is the toast. */
const loginRules = z.object({ email: emailRule, password: passwordRule });

export default function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const toast = useToast();
  const { run } = useBusy();
  const justVerified = sessionStorage.getItem(STORAGE_KEYS.created) === 'yes';

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = firstProblem(loginRules, { email, password });
    if (problem) return toast(problem);
    try {
      const answer = await run(() => login({ email: email.trim(), password }));
      session.saveLogin(answer.token, answer._id, answer.role);
      // A studio lands on its dashboard; a page that sent the visitor here (?next=/jobs/…) gets them back.
      const next = new URLSearchParams(window.location.search).get('next');
      const back = next && /^\/(?!\/)/.test(next) ? next : null;
      window.location.assign(answer.role === 'studio' ? (back ?? '/dashboard') : (back ?? '/'));
    } catch (err) {
      toast((err as Error).message);
    }
  }

  return (
    <AuthShell onSubmit={handleSubmit}>
      <h1>Welcome back</h1>
      <p className="lead">{justVerified ? 'Your account is verified. Log in to continue.' : 'Log in to your performer or studio account.'}</p>
      <div className="field">
        <label htmlFor="email">Email</label>
        <input id="email" className="input" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input id="password" className="input" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      <p className="auth-forgot"><Link to="/forgot-password">Forgot password?</Link></p>
      <button type="submit" className="btn btn-block">Log In</button>
      <p className="auth-switch">
        New to Audition? <Link to="/signup">Create an account</Link>
      </p>
      <p className="auth-switch">
        Casting? <Link to="/studio-signup">Create a studio account</Link>
      </p>
    </AuthShell>
  );
}
