/**
 * /settings → Team (docs/team.md, docs/screens.md): the owner invites by e-mail and role,
 * changes roles, removes members (asked once: their sessions end) and sends an invitation
 * again or cancels it. Members see the list read-only.
 */
import { useEffect, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { email as emailRule } from '../../../contract/field-rules';
import { MEMBER_ROLES, TEAM_MSG, TEAM_SCREEN, type MemberRole } from '../../../contract/team-messages';
import { MSG } from '../../../contract/messages';
import { useChangeMemberRole } from '../../api/change-member-role';
import { useInviteMember } from '../../api/invite-member';
import { useRemoveMember } from '../../api/remove-member';
import { useResendInvitation } from '../../api/resend-invitation';
import { useMembers, type Member } from '../../api/team';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormField, TextField } from '../../components/FormField';
import { useFieldProblems } from '../../components/useFieldProblems';
import { useToast } from '../../components/Toasts';
import { useStudioRole } from '../../components/useStudioRole';

// The invitation's fields in the form's order (focus goes to the first wrong one); the role is a select of valid choices.
const INVITE_IDS = { email: 'team-email', role: 'team-role' };
const INVITE_LABELS = { email: TEAM_SCREEN.email };
const inviteRules = z.object({ email: emailRule });

export function TeamSection() {
  const { can, role } = useStudioRole();
  const owner = can('team');
  // The member list is the owner's call; a member sees who it is and that only the owner manages.
  const members = useMembers(owner);
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [inviteRole, setInviteRole] = useState<MemberRole>('casting');
  const fields = useFieldProblems(inviteRules, INVITE_IDS, INVITE_LABELS);
  const { problems } = fields;
  const [asking, setAsking] = useState<Member | null>(null);
  const [done, setDone] = useState<string>();
  useEffect(() => {
    if (done) window.setTimeout(() => document.getElementById('team-done')?.focus(), 0);
  }, [done]);

  const invite = useInviteMember({
    fields: INVITE_IDS,
    onSuccess: (made) => {
      setEmail('');
      setDone(`${TEAM_MSG.invited} ${made.email}`);
    },
    // 409 (an account already, already invited, the team full) is about the e-mail typed.
    onProblem: (field, msg) => fields.setProblem(field, msg),
    onError: (err) => fields.setProblem('email', err.message),
  });
  const changeRole = useChangeMemberRole({ onSuccess: () => setDone(TEAM_SCREEN.roleChanged), onError: (e) => toast(e.message) });
  const remove = useRemoveMember({
    onSuccess: (answer, id) => {
      const was = members.data?.find((m) => m._id === id);
      setDone(was && !was.joinedAt ? TEAM_SCREEN.cancelled : answer.msg);
    },
    onError: (e) => toast(e.message),
  });
  const resend = useResendInvitation({ onSuccess: (a) => setDone(a.msg), onError: (e) => toast(e.message) });

  if (!role) return null;

  function handleInvite(e: FormEvent) {
    e.preventDefault();
    setDone(undefined);
    // The e-mail against the server's own rule: its problem at the field, with focus.
    if (!fields.check({ email, role: inviteRole })) return;
    if (invite.isPending) return;
    invite.mutate({ email: email.trim(), role: inviteRole });
  }

  const others = (members.data ?? []).filter((m) => m.role !== 'owner');
  return (
    <section className="card settings-section team-section" aria-labelledby="settings-team">
      <h2 id="settings-team">{TEAM_SCREEN.team}</h2>
      {!owner ? (
        <p>{TEAM_SCREEN.teamReadOnly}</p>
      ) : (
        <>
          <p>{TEAM_SCREEN.teamIntro}</p>
          <div role="status" aria-live="polite">{done && <p className="form-note" id="team-done" tabIndex={-1}>{done}</p>}</div>
          <form className="team-invite" onSubmit={handleInvite} noValidate>
            <TextField id="team-email" label={TEAM_SCREEN.email} type="email" autoComplete="off" value={email} error={problems.email}
              onChange={(e) => { setEmail(e.target.value); fields.reset(); }} />
            <FormField id="team-role" label={TEAM_SCREEN.role} error={problems.role} hint={TEAM_SCREEN.roleHint[inviteRole]}>
              {(a11y) => (
                <select className="input" {...a11y} value={inviteRole} onChange={(e) => setInviteRole(e.target.value as MemberRole)}>
                  {MEMBER_ROLES.map((r) => <option key={r} value={r}>{TEAM_MSG.roleName[r]}</option>)}
                </select>
              )}
            </FormField>
            <button type="submit" className="btn" aria-disabled={invite.isPending}>{TEAM_SCREEN.invite}</button>
          </form>
          {members.isPending ? (
            <p role="status">{MSG.loading}</p>
          ) : members.error ? (
            <p role="alert">{members.error.message}</p>
          ) : others.length === 0 ? (
            <p className="muted team-empty">{TEAM_SCREEN.empty}</p>
          ) : (
            <ul className="team-list" aria-label={TEAM_SCREEN.team}>
              {others.map((m) => (
                <li key={m._id} className="team-row">
                  <div className="team-who">
                    <strong>{m.joinedAt ? m.name : m.email}</strong>
                    <span className="muted">{m.joinedAt ? m.email : TEAM_SCREEN.invitedOn}</span>
                  </div>
                  <label className="visually-hidden" htmlFor={`team-role-${m._id}`}>{TEAM_SCREEN.changeRole(m.joinedAt ? m.name : m.email)}</label>
                  <select id={`team-role-${m._id}`} className="input team-role" value={m.role}
                    onChange={(e) => changeRole.mutate({ id: m._id, role: e.target.value as MemberRole })}>
                    {MEMBER_ROLES.map((r) => <option key={r} value={r}>{TEAM_MSG.roleName[r]}</option>)}
                  </select>
                  <div className="team-actions">
                    {!m.joinedAt && (
                      <button type="button" className="btn btn-secondary" onClick={() => { setDone(undefined); resend.mutate(m._id); }}>
                        {TEAM_SCREEN.sendAgain}
                      </button>
                    )}
                    <button type="button" className="btn btn-secondary" onClick={() => setAsking(m)}>
                      {m.joinedAt ? TEAM_SCREEN.remove : TEAM_SCREEN.cancelInvite}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? (asking.joinedAt ? TEAM_SCREEN.removeTitle(asking.name) : TEAM_SCREEN.cancelTitle(asking.email)) : ''}
        message={asking?.joinedAt ? TEAM_SCREEN.removeText : TEAM_SCREEN.cancelText}
        confirmLabel={asking?.joinedAt ? TEAM_SCREEN.remove : TEAM_SCREEN.cancelInvite}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const id = asking!._id;
          setAsking(null);
          setDone(undefined);
          remove.mutate(id);
        }}
      />
    </section>
  );
}
