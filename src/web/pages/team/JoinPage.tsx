/**
 * /join/{token} (docs/team.md): the studio and role the invitation is for, a name and a
 * password; joining logs the member in and opens the studio's dashboard. A used or expired
 * link (410) and an unknown one (404) each say so with a way on.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import * as z from 'zod/mini';
import { joinFields } from '../../../contract/field-rules';
import { MSG } from '../../../contract/messages';
import { TEAM_MSG, TEAM_SCREEN } from '../../../contract/team-messages';
import { ApiError } from '../../api/client';
import { useJoinStudio } from '../../api/join-studio';
import { useJoinInfo } from '../../api/team';
import { TextField } from '../../components/FormField';
import { useFieldProblems } from '../../components/useFieldProblems';
import '../account/account.css';

// The form's order: focus goes to the first wrong field.
const IDS = { name: 'join-name', password: 'join-password' };
const LABELS = { name: TEAM_SCREEN.yourName, password: TEAM_SCREEN.password };
const rules = z.object(joinFields);

export default function JoinPage() {
  const { token = '' } = useParams();
  const info = useJoinInfo(token);
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const fields = useFieldProblems(rules, IDS, LABELS);
  const { problems } = fields;
  const join = useJoinStudio({
    fields: IDS,
    onSuccess: () => navigate('/dashboard', { replace: true }),
    onProblem: (field, msg) => fields.setProblem(field, msg),
    // A refusal of the whole join (the link used meanwhile, say) is said by the password, where the person acts next.
    onError: (err) => fields.setProblem('password', err.message),
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
    // Every problem at once, focus on the first.
    if (!fields.check({ name, password })) return;
    if (join.isPending) return;
    join.mutate({ token, email: invitation.email, name: name.trim(), password });
  }

  return (
    <main className="page settings-page">
      <h1>{TEAM_SCREEN.joinTitle(invitation.studio.fname)}</h1>
      <p className="join-intro">{TEAM_SCREEN.joinAs(TEAM_MSG.roleName[invitation.role], invitation.email)}</p>
      <form className="card settings-section" onSubmit={handleSubmit} noValidate aria-label={TEAM_SCREEN.join}>
        <TextField id="join-name" label={TEAM_SCREEN.yourName} autoComplete="name" value={name} error={problems.name}
          onChange={(e) => { setName(e.target.value); fields.clear('name'); }} />
        <TextField id="join-password" label={TEAM_SCREEN.password} type="password" autoComplete="new-password" value={password} error={problems.password}
          onChange={(e) => { setPassword(e.target.value); fields.clear('password'); }} />
        <button type="submit" className="btn" aria-disabled={join.isPending}>{TEAM_SCREEN.join}</button>
      </form>
    </main>
  );
}
