/**
 * Apply on /jobs/{id} (docs/applications.md): before anything is written the performer sees
 * where they stand: their plan and applications left, or "Applying needs a plan" with a way
 * to choose one that comes back here. Then the roles to apply for (each is one application),
 * up to 10 of their own photos, videos and audios, and a note. The note, media and roles are
 * kept as a draft for this job while the performer is away choosing a plan.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { APPLICATION_LIMITS } from '../../../contract/applications-limits';
import { APP_MSG } from '../../../contract/applications-messages';
import { CAST_MSG } from '../../../contract/casting-messages';
import type { JobPage } from '../../../contract/jobs';
import { MSG } from '../../../contract/messages';
import { ApiError } from '../../api/client';
import { useApplyToJob } from '../../api/apply-to-job';
import { useUserData } from '../../api/user-data';
import { FieldError, FieldGroup, FormField } from '../../components/FormField';
import { NO_RULES, useFieldProblems } from '../../components/useFieldProblems';
import { useFocusWhenDrawn } from '../../components/useFocusWhenDrawn';
import { dropDraft, readDraft, saveDraft } from '../../lib/apply-draft';

type Media = { url: string; type: 'photos' | 'videos' | 'audios' };
/** The form's fields in its order (focus goes to the first wrong one). */
const APPLY_IDS = { roles: 'apply-roles', media: 'apply-media', note: 'apply-note' };
/** The refusal of the whole application, said above the button: its paragraph is `apply-send-error`. */
const SEND_ID = 'apply-send';
/** The inputs a refusal can name (the server's `field`, its first part: `media.3` is the media). */
const APPLY_FIELDS = { note: APPLY_IDS.note, media: APPLY_IDS.media };

export function ApplyPanel({ job }: { job: JobPage }) {
  const profile = useUserData();
  const jobId = job._id;
  const [note, setNote] = useState(() => readDraft(jobId)?.note ?? '');
  const [chosen, setChosen] = useState<string[]>(() => readDraft(jobId)?.media ?? []);
  const [roleIds, setRoleIds] = useState<string[]>(() => readDraft(jobId)?.roleIds ?? []);
  // One form state (docs/architecture.md, "Forms."): the checks are the page's own (a role chosen, the note's length).
  const fields = useFieldProblems(NO_RULES, APPLY_IDS);
  // A refusal about no field (no plan, a guardian's consent, the network), kept whole: its status says whether
  // it is the plan's (402), its message is said above the button.
  const [refusal, setRefusal] = useState<Error | null>(null);
  const needsPlan = refusal instanceof ApiError && refusal.status === 402;
  const [sent, setSent] = useState(false);
  // The one "Choose a plan" link drawn (the plan line's, or the refusal's when the line has none).
  const planLink = useRef<HTMLAnchorElement>(null);
  // Focus on the way on, never the body (issue 49 item 9), once the refusal is drawn: the plan's link
  // for a plan refusal, else the refusal's words (Send is right after them).
  const focusWhenDrawn = useFocusWhenDrawn((shown: Error) =>
    shown !== refusal ? null : needsPlan && planLink.current ? planLink.current : `${SEND_ID}-error`,
  );
  const apply = useApplyToJob({
    fields: APPLY_FIELDS,
    onSuccess: () => {
      dropDraft(jobId);
      setSent(true);
    },
    // At the field the server names (`media.3` is the media), with the focus on it.
    onProblem: (field, msg) => fields.setProblem(field, msg),
    onError: (err) => {
      setRefusal(err);
      focusWhenDrawn(err);
    },
  });
  const sending = apply.isPending;
  // "Send application" is gone once sent: focus lands on the result's message, not on the body (docs/screens.md, "Focus after actions").
  useEffect(() => {
    if (sent) document.getElementById('apply-done-message')?.focus();
  }, [sent]);

  useEffect(() => {
    if (!sent) saveDraft(jobId, { note, media: chosen, roleIds });
  }, [jobId, note, chosen, roleIds, sent]);

  const you = job.you;
  const applied = new Set(you?.appliedRoleIds ?? []);
  const open = job.roles.filter((r) => r.status === 'open' && !applied.has(r._id));
  const choosing = job.roles.filter((r) => r.status === 'open').length > 1;
  const selected = choosing ? roleIds.filter((id) => open.some((r) => r._id === id)) : open.map((r) => r._id);
  const back = `/subscription?next=${encodeURIComponent(`/jobs/${jobId}`)}`;
  const planOffered = Boolean(you && (you.plan === null || you.applicationsLeft === 0));

  const planLine = you && (
    <div className={you.plan ? 'apply-plan card-inset' : 'apply-plan needs-plan card-inset'} role="status">
      {you.plan === null ? (
        <>
          <p><strong>{CAST_MSG.needsPlan}</strong></p>
          <p className="muted">{CAST_MSG.needsPlanHint}</p>
          <Link ref={planLink} to={back} className="btn btn-secondary">{APP_MSG.choosePlan}</Link>
        </>
      ) : (
        <>
          <p>{CAST_MSG.planLine(you.plan, you.applicationsLeft)}</p>
          {you.applicationsLeft === 0 && <Link ref={planLink} to={back} className="btn btn-secondary">{APP_MSG.choosePlan}</Link>}
        </>
      )}
    </div>
  );

  if (sent || (you && open.length === 0 && applied.size > 0)) {
    return (
      <div className="apply-done" role="status">
        <p id="apply-done-message" tabIndex={-1}>{sent ? APP_MSG.applied : APP_MSG.alreadyAppliedScreen}</p>
        <Link to="/applications">{APP_MSG.seeApplications}</Link>
      </div>
    );
  }
  if (!profile.user) return <p role="status" className="muted">{MSG.loading}</p>;
  const p = profile.user;
  const media: Media[] = [
    ...p.photos.map((url) => ({ url, type: 'photos' as const })),
    ...p.videos.map((url) => ({ url, type: 'videos' as const })),
    ...p.audios.map((url) => ({ url, type: 'audios' as const })),
  ];
  const full = chosen.length >= APPLICATION_LIMITS.mediaMax;

  function toggle(url: string) {
    fields.clear('media');
    setChosen((c) => (c.includes(url) ? c.filter((u) => u !== url) : c.length < APPLICATION_LIMITS.mediaMax ? [...c, url] : c));
  }
  const toggleRole = (id: string) => {
    fields.clear('roles');
    setRoleIds((r) => (r.includes(id) ? r.filter((x) => x !== id) : [...r, id]));
  };

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    // Every problem at its field at once, focus on the first; an over-long note is said at its
    // field, not cut without a word (issue 49, item 19), as the message composer does.
    const found = {
      roles: choosing && selected.length === 0 ? CAST_MSG.chooseRole : undefined,
      note: note.length > APPLICATION_LIMITS.noteMax ? MSG.tooLong(APP_MSG.noteLabel, APPLICATION_LIMITS.noteMax) : undefined,
    };
    setRefusal(null);
    if (!fields.show(found)) return;
    apply.mutate({ jobId, body: { note, media: chosen }, roleIds: choosing ? selected : selected.map(() => undefined) });
  }

  return (
    <form className="apply-form" onSubmit={handleSubmit} noValidate aria-labelledby="apply-title">
      <h2 id="apply-title">{APP_MSG.applyTitle}</h2>
      {planLine}
      {p.visibility === 'private' && <p className="apply-private">{APP_MSG.privateWarning}</p>}
      {choosing && (
        <FieldGroup className="apply-roles" id="apply-roles" legend={CAST_MSG.applyingFor} error={fields.problems.roles}>
          <ul className="apply-role-list">
            {job.roles.map((role) => {
              const done = applied.has(role._id);
              const fit = job.fit?.find((f) => f.roleId === role._id);
              return (
                <li key={role._id}>
                  <label className="apply-role">
                    <input type="checkbox" checked={done || selected.includes(role._id)} disabled={done || role.status === 'cast'} onChange={() => toggleRole(role._id)} />
                    <span>
                      <strong>{role.name}</strong> · {CAST_MSG.pay(role.pay)}
                      {done && <> · {CAST_MSG.appliedRole}</>}
                      {role.status === 'cast' && <> · {CAST_MSG.cast}</>}
                      {fit && fit.misses.length > 0 && <span className="muted role-fit-line">{fit.misses.join(' · ')}</span>}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </FieldGroup>
      )}
      <FieldGroup className="apply-media" id="apply-media" legend={APP_MSG.chooseMedia(APPLICATION_LIMITS.mediaMax)} error={fields.problems.media}>
        {media.length === 0 ? (
          <p className="muted">{APP_MSG.noMedia} <Link to="/media/photos">Photos</Link></p>
        ) : (
          <ul className="apply-media-list">
            {media.map((m, i) => (
              <li key={m.url}>
                <label className="apply-media-item">
                  <input type="checkbox" checked={chosen.includes(m.url)} disabled={full && !chosen.includes(m.url)} onChange={() => toggle(m.url)} />
                  {m.type === 'photos' ? <img src={m.url} alt={`Photo ${i + 1}`} /> : <span className="apply-media-kind">{m.type === 'videos' ? 'Video' : 'Audio'} {i + 1}</span>}
                </label>
              </li>
            ))}
          </ul>
        )}
        {media.length > 0 && <p className="muted">{chosen.length} / {APPLICATION_LIMITS.mediaMax}</p>}
      </FieldGroup>
      {/* The count gives way to the note's problem while it is shown (an over-long note's names the limit; both at
          once say it twice on a phone); typing clears the problem and the count is back. */}
      <FormField id="apply-note" label={APP_MSG.noteLabel} error={fields.problems.note} hint={fields.problems.note ? undefined : note.length > APPLICATION_LIMITS.noteMax ? APP_MSG.charsOver(note.length - APPLICATION_LIMITS.noteMax) : APP_MSG.charsLeft(APPLICATION_LIMITS.noteMax - note.length)}>
        {(a) => <textarea {...a} className="textarea" rows={5} value={note} onChange={(e) => { fields.clear('note'); setNote(e.target.value); }} />}
      </FormField>
      {refusal && (
        <div className="apply-error">
          <FieldError id={SEND_ID} error={refusal.message} focusable />
          {/* The plan line above already offers the plan when there is none or none is left. */}
          {needsPlan && !planOffered && <Link ref={planLink} to={back} className="btn btn-secondary">{APP_MSG.choosePlan}</Link>}
        </div>
      )}
      {/* aria-disabled while sending, not disabled: a disabled button drops the focus to the body. */}
      <button type="submit" className="btn btn-block" aria-disabled={sending}>{APP_MSG.sendApplication}</button>
    </form>
  );
}
