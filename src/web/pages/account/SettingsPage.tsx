/**
 * /settings, for performers and studios alike: change password, time zone, log out everywhere,
 * notification e-mails (docs/applications.md), export, delete (docs/account.md). A studio
 * sees its own notification choices and what its export and deletion hold.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { changePasswordFields, deleteAccountFields, problemsByField } from '../../../contract/field-rules';
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
import { NO_RULES, useFieldProblems } from '../../components/useFieldProblems';
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

// The form's order: focus goes to the first wrong field.
const PASSWORD_IDS = { current: 'settings-current', password: 'settings-password-new', confirm: 'settings-confirm' };
const PASSWORD_LABELS = { current: 'Current password', password: 'New password' };
const passwordRules = z.object(changePasswordFields);

function ChangePassword({ onFailure }: { onFailure: FailureHandler }) {
  const [form, setForm] = useState({ current: '', password: '', confirm: '' });
  const fields = useFieldProblems(NO_RULES, PASSWORD_IDS);
  const [done, setDone] = useState<string>();
  const save = useChangePassword({
    overlay: MSG.saving,
    onSuccess: (answer) => {
      setForm({ current: '', password: '', confirm: '' });
      setDone(answer.msg);
    },
    // The server names the field of a rule it refuses (the same password again, too short).
    fields: PASSWORD_IDS,
    onProblem: (field, msg) => fields.setProblem(field, msg),
    onError: (err) => {
      const message = onFailure(err);
      // A wrong current password names no field; it is the current password's.
      if (message && errorCode(err) === 'wrong_password') fields.setProblem('current', message);
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
    // The contract's rules for both passwords (an empty one named), then the page's own: the repeat must match.
    const found: Partial<Record<keyof typeof form, string>> = problemsByField(passwordRules, { current: form.current, password: form.password }, PASSWORD_LABELS);
    if (!found.password && form.confirm !== form.password) found.confirm = MSG.passwordsDiffer;
    if (!fields.show(found)) return;
    save.mutate({ current: form.current, password: form.password });
  }

  const change = (field: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    fields.clear(field);
  };

  return (
    <form className="card settings-section" onSubmit={handleSubmit} noValidate aria-labelledby="settings-password">
      <h2 id="settings-password">Change password</h2>
      <div role="status" aria-live="polite">{done && <p className="form-note" id="password-changed" data-testid="password-changed" tabIndex={-1}>{done}</p>}</div>
      <TextField id={PASSWORD_IDS.current} label="Current password" type="password" autoComplete="current-password" value={form.current} onChange={(e) => change('current', e.target.value)} error={fields.problems.current} />
      <TextField id={PASSWORD_IDS.password} label="New password" type="password" autoComplete="new-password" value={form.password} onChange={(e) => change('password', e.target.value)} error={fields.problems.password} />
      <TextField id={PASSWORD_IDS.confirm} label="Repeat the new password" type="password" autoComplete="new-password" value={form.confirm} onChange={(e) => change('confirm', e.target.value)} error={fields.problems.confirm} />
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
const DELETE_IDS = { password: 'settings-delete-password' };
const DELETE_LABELS = { password: 'Password' };
const deleteRules = z.object(deleteAccountFields);

function DeleteAccount({ studio, onFailure, paidDaysLost }: { studio: boolean; onFailure: FailureHandler; paidDaysLost?: string }) {
  const [password, setPassword] = useState('');
  const fields = useFieldProblems(deleteRules, DELETE_IDS, DELETE_LABELS);
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
    fields: DELETE_IDS,
    onProblem: (field, msg) => fields.setProblem(field, msg),
    // The password is the form's one field: a wrong one (no field named) and any other refusal are said there.
    onError: (err) => {
      const message = onFailure(err);
      if (message) fields.setProblem('password', message);
    },
  });

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (!fields.check({ password })) return;
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
        id={DELETE_IDS.password} label="Your password" type="password" autoComplete="current-password"
        value={password} onChange={(e) => { setPassword(e.target.value); fields.clear('password'); }} error={fields.problems.password}
      />
      <button type="submit" className="btn btn-danger">Delete my account</button>
      <ConfirmDialog
        open={confirming} title="Delete your account?" message={paidDaysLost ? `${MSG.confirmDelete} ${paidDaysLost}` : MSG.confirmDelete} confirmLabel="Delete for good"
        onConfirm={handleConfirm} onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
