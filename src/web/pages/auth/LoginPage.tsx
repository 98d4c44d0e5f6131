/**
 * /login: validate, call the server, keep token and id, go to / and reload (docs/product.md §2, §4, §5).
 * Sent here from a page that needs a login, it says so and goes back there after
 * (?next=, same-site paths only); a sign-up never confirmed is offered a code
 * (docs/security.md "The code flow").
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { email as emailRule, firstProblem, password as passwordRule } from '../../../contract/field-rules';
import { MSG } from '../../../contract/messages';
import { errorCode } from '../../api/client';
import { useLogIn } from '../../api/log-in';
import { TextField } from '../../components/FormField';
import { useToast } from '../../components/Toasts';
import { useFieldProblems } from '../../components/useFieldProblems';
import { focusAfterLoad } from '../../lib/focus-after-load';
import { safeNextUrl } from '../../lib/next-path';
import { JUST_VERIFIED_EMAIL, session, SIGNUP_EXISTED } from '../../api/session';
import { AuthShell } from './AuthShell';
import { usePendingSignup } from './usePendingSignup';
import './auth.css';

/** The sign-up rules for e-mail and password, checked before sending: the first problem is the toast. */
const loginRules = z.object({ email: emailRule, password: passwordRule });
const IDS = { email: 'email', password: 'password' };
const LABELS = { email: 'Email', password: 'Password' };

export default function LoginPage() {
  // Straight after the code: the e-mail is filled in and "verified" is said this once only,
  // not on a later visit or after a logout (docs/security.md, "After the code").
  const [verifiedEmail] = useState(() => sessionStorage.getItem(JUST_VERIFIED_EMAIL));
  useEffect(() => sessionStorage.removeItem(JUST_VERIFIED_EMAIL), []);
  const [email, setEmail] = useState(verifiedEmail ?? '');
  const [password, setPassword] = useState('');
  const toast = useToast();
  const fields = useFieldProblems(loginRules, IDS, LABELS);
  const justVerified = verifiedEmail !== null;
  const existed = sessionStorage.getItem(SIGNUP_EXISTED) === 'yes';
  const back = safeNextUrl(new URLSearchParams(window.location.search).get('next'));
  const [unconfirmed, setUnconfirmed] = useState(false);
  const credentials = { email: email.trim(), password };
  const login = useLogIn({
    overlay: MSG.loading,
    onSuccess: (answer) => {
      session.saveLogin(answer.token, answer._id, answer.role);
      sessionStorage.removeItem(SIGNUP_EXISTED);
      focusAfterLoad();
      // A studio lands on its dashboard; a page that sent the visitor here (?next=/media/photos) gets them back.
      window.location.assign(back ?? (answer.role === 'studio' ? '/dashboard' : '/'));
    },
    // The spec's toast says every refusal; a sign-up never confirmed is also offered its code.
    onError: (err) => {
      toast(err.message);
      setUnconfirmed(errorCode(err) === 'email_unconfirmed');
    },
  });
  const pendingSignup = usePendingSignup(credentials, () => login.mutate(credentials));

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (login.isPending) return;
    // Every wrong field is marked at once; the first problem is also the spec's toast.
    const problem = firstProblem(loginRules, { email, password });
    if (!fields.check({ email, password }) || problem) return toast(problem ?? MSG.fillAllFields);
    login.mutate(credentials);
  }

  const lead = existed ? MSG.accountExists : justVerified ? MSG.loginLeadVerified : MSG.loginLead;
  return (
    <>
      <AuthShell onSubmit={handleSubmit}>
        <h1>Welcome back</h1>
        <p className="lead">{lead}</p>
        {existed && (
          <p className="auth-note" data-testid="account-existed">
            {MSG.accountExistsWayOn} <Link to="/forgot-password">{MSG.resetPassword}</Link>
          </p>
        )}
        {back && <p className="auth-note" data-testid="login-reason">{MSG.loginToContinue}</p>}
        {unconfirmed && pendingSignup.offer}
        <TextField id={IDS.email} label={LABELS.email} type="email" autoComplete="email" value={email} onChange={(e) => { setEmail(e.target.value); fields.clear('email'); setUnconfirmed(false); }} error={fields.problems.email} />
        <TextField id={IDS.password} label={LABELS.password} type="password" autoComplete="current-password" value={password} onChange={(e) => { setPassword(e.target.value); fields.clear('password'); setUnconfirmed(false); }} error={fields.problems.password} />
        <p className="auth-forgot"><Link to="/forgot-password">Forgot password?</Link></p>
        <button type="submit" className="btn btn-block" aria-disabled={login.isPending}>Log In</button>
        <p className="auth-switch">
          New to Audition? <Link to="/signup">Create an account</Link>
        </p>
        <p className="auth-switch">
          Casting? <Link to="/studio-signup">Create a studio account</Link>
        </p>
      </AuthShell>
      {pendingSignup.dialog}
    </>
  );
}
