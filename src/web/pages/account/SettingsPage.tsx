/**
 * /settings, for performers and studios alike: change password, time zone, log out everywhere,
 * notification e-mails (docs/applications.md), export, delete (docs/account.md). A studio
 * sees its own notification choices and what its export and deletion hold.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '../../../contract/limits';
import { MSG } from '../../../contract/messages';
import { useDeleteAccount } from '../../api/delete-account';
import { useEndAllSessions } from '../../api/end-all-sessions';
import { useChangePassword } from '../../api/change-password';
import { ApiError, errorCode } from '../../api/client';
import { useDownloadExport } from '../../api/download-export';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/Toasts';
import { SETTINGS_MSG } from '../../../contract/screen-messages';
import { session } from '../../api/session';
import { TextField } from '../../components/FormField';
import { NotificationChoices } from './NotificationChoices';
import './account.css';
import { useMe } from '../../api/me';
import { useStudioMe } from '../../api/studio-me';
import { useStudioRole } from '../../components/useStudioRole';
import { TeamSection } from './TeamSection';
import { TimeZoneSection } from './TimeZoneSection';

export default function SettingsPage() {
  const studio = session.isStudio();
  // A studio has no performer profile: its page names it (the same query the dashboard reads).
  const me = useMe(!studio);
  const page = useStudioMe(studio);
  const who = studio ? page : me;
  const signedInAs = studio ? page.data && SETTINGS_MSG.signedInAsStudio(page.data.fname) : me.data && SETTINGS_MSG.signedInAs(me.data.email);
  const navigate = useNavigate();
  const toast = useToast();
  // A member of a studio has its own password and sessions; the account's settings are the owner's (docs/team.md).
  const { can } = useStudioRole();
  const account = !studio || can('account');

  /** A refused token means the session ended elsewhere: back to /login. */
  function handleFailure(err: unknown): string | undefined {
    if (err instanceof ApiError && err.status === 401) {
      session.logout();
      navigate('/login', { replace: true });
      return undefined;
    }
    return (err as Error).message;
  }

  const meError = who.error;
  useEffect(() => {
    if (meError instanceof ApiError && meError.status === 401) {
      session.logout();
      navigate('/login', { replace: true });
    }
  }, [meError, navigate]);

  return (
    <main className="page settings-page">
      <h1>Settings</h1>
      <p className="muted">{signedInAs ?? (who.error ? who.error.message : MSG.loading)}</p>
      <ChangePassword onFailure={handleFailure} />
      <TimeZoneSection onFailure={handleFailure} />
      <section className="card settings-section" aria-labelledby="settings-sessions">
        <h2 id="settings-sessions">Log out everywhere</h2>
        <p>Ends every session of your account on every device, this one too.</p>
        <LogoutEverywhere onDone={(msg) => { session.logout(); toast(msg, 'success'); navigate('/login', { replace: true }); }} onFailure={handleFailure} />
      </section>
      {studio && <TeamSection />}
      {account && <NotificationChoices studio={studio} onFailure={handleFailure} />}
      {account && <section className="card settings-section" aria-labelledby="settings-export">
        <h2 id="settings-export">Export your data</h2>
        <p>{studio ? SETTINGS_MSG.exportStudio : SETTINGS_MSG.exportPerformer}</p>
        <ExportButton onFailure={handleFailure} />
      </section>}
      {account && <DeleteAccount
        studio={studio} onFailure={handleFailure}
        paidDaysLost={me.data && me.data.subscriptionName && me.data.daysLeft > 0 ? SETTINGS_MSG.paidDaysLost(me.data.subscriptionName, me.data.daysLeft) : undefined}
      />}
    </main>
  );
}

type FailureHandler = (err: unknown) => string | undefined;

function ChangePassword({ onFailure }: { onFailure: FailureHandler }) {
  const [form, setForm] = useState({ current: '', password: '', confirm: '' });
  const [problems, setProblems] = useState<Partial<Record<keyof typeof form, string>>>({});
  const [done, setDone] = useState<string>();
  const save = useChangePassword({
    overlay: MSG.saving,
    onSuccess: (answer) => {
      setForm({ current: '', password: '', confirm: '' });
      setDone(answer.msg);
    },
    // The server names the field of a rule it refuses (the same password again, too short).
    fields: { current: true, password: true },
    onProblem: (field, msg) => {
      setProblems({ [field]: msg });
      document.getElementById(field === 'password' ? 'settings-password-new' : 'settings-current')?.focus();
    },
    onError: (err) => {
      const message = onFailure(err);
      if (message && errorCode(err) === 'wrong_password') {
        setProblems({ current: message });
        document.getElementById('settings-current')?.focus();
      }
    },
  });
  // The result's message takes the focus once shown (docs/screens.md, "Focus after actions").
  useEffect(() => {
    if (done) window.setTimeout(() => document.getElementById('password-changed')?.focus(), 0);
  }, [done]);

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending) return;
    setDone(undefined);
    const found: typeof problems = {};
    if (!form.current) found.current = MSG.required('Current password');
    if (!form.password) found.password = MSG.required('New password');
    else if (form.password.length < LIMITS.passwordMin) found.password = MSG.passwordTooShort;
    if (!found.password && form.confirm !== form.password) found.confirm = MSG.passwordsDiffer;
    setProblems(found);
    const first = (['current', 'password', 'confirm'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(first === 'password' ? 'settings-password-new' : `settings-${first}`)?.focus();
      return;
    }
    save.mutate({ current: form.current, password: form.password });
  }

  const change = (field: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };

  return (
    <form className="card settings-section" onSubmit={handleSubmit} noValidate aria-labelledby="settings-password">
      <h2 id="settings-password">Change password</h2>
      <div role="status" aria-live="polite">{done && <p className="form-note" id="password-changed" data-testid="password-changed" tabIndex={-1}>{done}</p>}</div>
      <TextField id="settings-current" label="Current password" type="password" autoComplete="current-password" value={form.current} onChange={(e) => change('current', e.target.value)} error={problems.current} />
      <TextField id="settings-password-new" label="New password" type="password" autoComplete="new-password" value={form.password} onChange={(e) => change('password', e.target.value)} error={problems.password} />
      <TextField id="settings-confirm" label="Repeat the new password" type="password" autoComplete="new-password" value={form.confirm} onChange={(e) => change('confirm', e.target.value)} error={problems.confirm} />
      <button type="submit" className="btn" aria-disabled={save.isPending}>Change password</button>
    </form>
  );
}

function LogoutEverywhere({ onDone, onFailure }: { onDone(msg: string): void; onFailure: FailureHandler }) {
  const toast = useToast();
  const end = useEndAllSessions({
    overlay: MSG.loading,
    onSuccess: (answer) => onDone(answer.msg),
    onError: (err) => {
      const message = onFailure(err);
      if (message) toast(message);
    },
  });
  return <button type="button" className="btn btn-secondary" aria-disabled={end.isPending} onClick={() => !end.isPending && end.mutate()}>Log out everywhere</button>;
}

function ExportButton({ onFailure }: { onFailure: FailureHandler }) {
  const toast = useToast();
  const download = useDownloadExport({
    onError: (err) => {
      const message = onFailure(err);
      if (message) toast(message);
    },
  });
  return <button type="button" className="btn btn-secondary" aria-disabled={download.isPending} onClick={() => !download.isPending && download.mutate()}>Download my data</button>;
}

/** `paidDaysLost`: said in the dialog when a performer's plan still has paid days (issue 36 item 11). */
function DeleteAccount({ studio, onFailure, paidDaysLost }: { studio: boolean; onFailure: FailureHandler; paidDaysLost?: string }) {
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();
  const remove = useDeleteAccount({
    overlay: SETTINGS_MSG.deleting,
    onSuccess: (answer) => {
      session.logout();
      toast(answer.msg, 'success');
      navigate('/', { replace: true });
    },
    onError: (err) => {
      const message = onFailure(err);
      if (message) {
        setProblem(message);
        document.getElementById('settings-delete-password')?.focus();
      }
    },
  });

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (!password) {
      setProblem(MSG.required('Password'));
      document.getElementById('settings-delete-password')?.focus();
      return;
    }
    setConfirming(true);
  }

  function handleConfirm() {
    setConfirming(false);
    if (!remove.isPending) remove.mutate(password);
  }

  return (
    <form className="card settings-section settings-danger" onSubmit={handleSubmit} noValidate aria-labelledby="settings-delete">
      <h2 id="settings-delete">Delete account</h2>
      <p>{studio ? SETTINGS_MSG.deleteStudio : SETTINGS_MSG.deletePerformer}</p>
      <TextField
        id="settings-delete-password" label="Your password" type="password" autoComplete="current-password"
        value={password} onChange={(e) => { setPassword(e.target.value); setProblem(undefined); }} error={problem}
      />
      <button type="submit" className="btn btn-danger">Delete my account</button>
      <ConfirmDialog
        open={confirming} title="Delete your account?" message={paidDaysLost ? `${MSG.confirmDelete} ${paidDaysLost}` : MSG.confirmDelete} confirmLabel="Delete for good"
        onConfirm={handleConfirm} onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
