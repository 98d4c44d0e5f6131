/** /forgot-password: asks for the e-mail and says the same thing whether or not it has an account. */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MSG } from '../../../contract/messages';
import { useSendResetLink } from '../../api/send-reset-link';
import { AuthShell } from '../auth/AuthShell';
import { TextField } from '../../components/FormField';
import '../auth/auth.css';
import './account.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [failed, setFailed] = useState<string>();
  const send = useSendResetLink({
    overlay: MSG.sending,
    onSuccess: (answer) => setSent(answer.msg),
    fields: { email: true },
    onProblem: (_field, msg) => {
      setProblem(msg);
      document.getElementById('forgot-email')?.focus();
    },
    onError: (err) => setFailed(err.message),
  });

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (send.isPending) return;
    setFailed(undefined);
    const value = email.trim();
    const found = !value ? MSG.required('Email') : !EMAIL.test(value) ? MSG.invalidEmail : undefined;
    setProblem(found);
    if (found) {
      document.getElementById('forgot-email')?.focus();
      return;
    }
    send.mutate(value);
  }

  return (
    <AuthShell onSubmit={handleSubmit}>
      <h1>Forgot password?</h1>
      <p className="lead">Enter the e-mail of your account and we will send you a link to choose a new password.</p>
      <div role="status" aria-live="polite">
        {sent && <p className="form-note" data-testid="forgot-sent">{sent}</p>}
        {failed && <p className="form-note form-note-error">{failed}</p>}
      </div>
      <TextField
        id="forgot-email" label="Email" type="email" autoComplete="email" value={email}
        onChange={(e) => { setEmail(e.target.value); setProblem(undefined); }} error={problem}
      />
      <button type="submit" className="btn btn-block" aria-disabled={send.isPending}>Send reset link</button>
      <p className="auth-switch">
        Remembered it? <Link to="/login">Log in</Link>
      </p>
    </AuthShell>
  );
}
