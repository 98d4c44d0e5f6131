/** /reset-password?token=…: chooses a new password with the mailed link, then goes to /login. */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LIMITS } from '../../../contract/limits';
import { MSG } from '../../../contract/messages';
import { ApiError, errorCode } from '../../api/client';
import { useResetLinkCheck, useSetNewPassword } from '../../api/set-new-password';
import { useToast } from '../../components/Toasts';
import { session } from '../../api/session';
import { AuthShell } from '../auth/AuthShell';
import { TextField } from '../../components/FormField';
import '../auth/auth.css';
import './account.css';

type Field = 'password' | 'confirm';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form, setForm] = useState({ password: '', confirm: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [refusedLink, setRefusedLink] = useState<string>();
  const [failure, setFailure] = useState<string | undefined>();
  const toast = useToast();
  const navigate = useNavigate();
  // A dead link (used, expired, replaced or unknown) is said to be dead as the page opens,
  // not after two passwords (docs/account.md, "Checking a link"). Any other failure of the
  // check (429, network) leaves the form, and the reset itself answers.
  const check = useResetLinkCheck(token);
  const checkRefused = check.error instanceof ApiError && check.error.status === 400 ? check.error.message : undefined;
  const deadLink = !token ? MSG.resetLinkInvalid : (refusedLink ?? checkRefused);
  const checking = !!token && check.isPending;
  const save = useSetNewPassword({
    overlay: MSG.saving,
    onSuccess: (answer) => {
      // Every session ended, this browser's too.
      session.logout();
      toast(answer.msg, 'success');
      navigate('/login', { replace: true });
    },
    fields: { password: true },
    onProblem: (field, msg) => {
      setProblems({ [field]: msg });
      document.getElementById(`reset-${field}`)?.focus();
    },
    // Only a refused link hides the form; a busy server (429) or a lost connection leaves it to try again.
    onError: (err) => (errorCode(err) === 'reset_link_invalid' ? setRefusedLink(err.message) : setFailure(err.message)),
  });

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending) return;
    const found: Partial<Record<Field, string>> = {};
    if (!form.password) found.password = MSG.required('New password');
    else if (form.password.length < LIMITS.passwordMin) found.password = MSG.passwordTooShort;
    if (!found.password && form.confirm !== form.password) found.confirm = MSG.passwordsDiffer;
    setProblems(found);
    setFailure(undefined);
    const first = (['password', 'confirm'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(`reset-${first}`)?.focus();
      return;
    }
    save.mutate({ token, password: form.password });
  }

  const change = (field: Field, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };

  return (
    <AuthShell onSubmit={handleSubmit}>
      <h1>Choose a new password</h1>
      <p className="lead">Setting a new password logs you out on every device.</p>
      <div role="alert">
        {deadLink && (
          <p className="form-note form-note-error" data-testid="reset-link-problem">
            {deadLink} <Link to="/forgot-password">Ask for a new link</Link>
          </p>
        )}
        {!deadLink && failure && <p className="form-note form-note-error">{failure}</p>}
      </div>
      {!deadLink && checking && <p role="status">{MSG.loading}</p>}
      {!deadLink && !checking && (
        <>
          <TextField
            id="reset-password" label="New password" type="password" autoComplete="new-password"
            value={form.password} onChange={(e) => change('password', e.target.value)} error={problems.password}
          />
          <TextField
            id="reset-confirm" label="Repeat the new password" type="password" autoComplete="new-password"
            value={form.confirm} onChange={(e) => change('confirm', e.target.value)} error={problems.confirm}
          />
          <button type="submit" className="btn btn-block" aria-disabled={save.isPending}>Set new password</button>
        </>
      )}
    </AuthShell>
  );
}
