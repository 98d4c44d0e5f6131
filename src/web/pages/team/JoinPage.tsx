/**
 * /join/{token} (docs/team.md): the studio and role the invitation is for, a name and a
 * password; joining logs the member in and opens the studio's dashboard. A used or expired
 * link (410) and an unknown one (404) each say so with a way on.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LIMITS } from '../../../contract/limits';
import { MSG } from '../../../contract/messages';
import { TEAM_MSG, TEAM_SCREEN } from '../../../contract/team-messages';
import { ApiError } from '../../api/client';
import { useJoinStudio } from '../../api/join-studio';
import { useJoinInfo } from '../../api/team';
import { TextField } from '../../components/FormField';
import '../account/account.css';

export default function JoinPage() {
  const { token = '' } = useParams();
  const info = useJoinInfo(token);
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ name?: string; password?: string }>({});
  const join = useJoinStudio({
    fields: { name: 1, password: 1 },
    onSuccess: () => navigate('/dashboard', { replace: true }),
    onProblem: (field, msg) => {
      setProblems({ [field]: msg });
      document.getElementById(`join-${field}`)?.focus();
    },
    onError: (err) => {
      setProblems({ password: err.message });
      document.getElementById('join-password')?.focus();
    },
  });
  const status = info.error instanceof ApiError ? info.error.status : undefined;
  useEffect(() => {
    if (info.error) document.getElementById('join-problem')?.focus();
  }, [info.error]);

  if (info.isPending) return <main className="page settings-page"><p role="status">{MSG.loading}</p></main>;
  if (info.error) {
    const gone = status === 410;
    return (
      <main className="page settings-page">
        <h1 id="join-problem" tabIndex={-1}>{gone ? TEAM_SCREEN.joinGone : status === 404 ? TEAM_SCREEN.joinUnknown : info.error.message}</h1>
        <p>{gone ? TEAM_SCREEN.joinGoneNext : TEAM_SCREEN.joinUnknownNext}</p>
        <p className="settings-actions">
          <Link className="btn" to="/login">{TEAM_SCREEN.logIn}</Link>
          <Link className="btn btn-secondary" to="/">{TEAM_SCREEN.home}</Link>
        </p>
      </main>
    );
  }
  const invitation = info.data;

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const found: typeof problems = {};
    if (!name.trim()) found.name = MSG.required(TEAM_SCREEN.yourName);
    if (!password) found.password = MSG.required(TEAM_SCREEN.password);
    else if (password.length < LIMITS.passwordMin) found.password = MSG.passwordTooShort;
    setProblems(found);
    const first = (['name', 'password'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(`join-${first}`)?.focus();
      return;
    }
    if (join.isPending) return;
    join.mutate({ token, email: invitation.email, name: name.trim(), password });
  }

  return (
    <main className="page settings-page">
      <h1>{TEAM_SCREEN.joinTitle(invitation.studio.fname)}</h1>
      <p className="join-intro">{TEAM_SCREEN.joinAs(TEAM_MSG.roleName[invitation.role], invitation.email)}</p>
      <form className="card settings-section" onSubmit={handleSubmit} noValidate aria-label={TEAM_SCREEN.join}>
        <TextField id="join-name" label={TEAM_SCREEN.yourName} autoComplete="name" value={name} error={problems.name}
          onChange={(e) => { setName(e.target.value); setProblems((p) => ({ ...p, name: undefined })); }} />
        <TextField id="join-password" label={TEAM_SCREEN.password} type="password" autoComplete="new-password" value={password} error={problems.password}
          onChange={(e) => { setPassword(e.target.value); setProblems((p) => ({ ...p, password: undefined })); }} />
        <button type="submit" className="btn" aria-disabled={join.isPending}>{TEAM_SCREEN.join}</button>
      </form>
    </main>
  );
}
