/**
 * One applicant, opened from the board in a dialog: profile, appearance, the photos,
 * videos (with controls to play and seek) and audios they sent, their note; shortlist,
 * audition, book and decline; the studio's private 1–5 rating and note. Opening it the
 * first time marks the application viewed (docs/applications.md).
 */
import { GUARDIAN_MSG } from '../../../contract/guardians-messages';
import { Fragment, useEffect, useRef, useState, type FormEvent } from 'react';
import { useStudioRole } from '../../components/useStudioRole';
import { FINAL_STATUSES, STUDIO_STATUSES, type StudioStatus } from '../../../contract/applications-limits';
import { APP_MSG } from '../../../contract/applications-messages';
import { CAST_MSG } from '../../../contract/casting-messages';
import type { StudioApplication } from '../../../contract/applications';
import { MARKET_MSG } from '../../../contract/marketplace-messages';
import { MSG } from '../../../contract/messages';
import { DECISION_MSG } from '../../../contract/decisions-messages';
import { useApplicant } from '../../api/applicant';
import { VideoPlayer } from '../../components/VideoPlayer';
import { useReviewApplication } from '../../api/review-application';
import { FormField } from '../../components/FormField';
import { useFieldProblems } from '../../components/useFieldProblems';
import * as z from 'zod/mini';
import { applicationReviewFields } from '../../../contract/field-rules';
import { keepTabInside, useModalDialog } from '../../components/modal-dialog';
import { formatTime } from '../../lib/dates';
import '../../components/application-status.css';
import { MessageButton } from '../../components/MessageButton';
import { personName } from '../../../contract/names';
import { TAPE_MSG } from '../../../contract/self-tapes-messages';
import { useMarkTapeWatched } from '../../api/mark-tape-watched';
import { RESUME_MSG } from '../../../contract/resume-options';
import { ResumeView } from '../../components/ResumeView';
import { FeedbackPicks } from '../../components/FeedbackPicks';
import { SLOT_TEXT } from '../../../contract/slots-texts';
import { WHO_MSG } from '../../../contract/who-did-what-texts';
import { ApplicantReviews } from '../../components/ApplicantReviews';
import { AVAILABILITY_MSG, daySpan } from '../../../contract/availability-texts';
import { heightShown, weightShown } from '../../../contract/units';


interface Props {
  id: string;
  onClose(): void;
  onMove(app: StudioApplication, status: StudioStatus): Promise<void>;
  /** While a final decision on this applicant can still be undone. */
  onUndo?(): void;
}

export function ApplicantCard({ id, onClose, onMove, onUndo }: Props) {
  const { can } = useStudioRole();
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref);
  const applicant = useApplicant(id);
  const app = applicant.data;
  const watched = useMarkTapeWatched();

  async function move(status: StudioStatus) {
    if (!app) return;
    await onMove(app, status);
  }

  // The button just pressed is gone once the status changed (it is the status now): focus
  // goes to the first move left, or to Close when the decision is final, never to the body.
  const status = app?.status;
  useEffect(() => {
    const dialog = ref.current;
    const active = document.activeElement;
    if (!dialog || !status || (active && active !== document.body)) return;
    (dialog.querySelector<HTMLElement>('.applicant-actions button') ?? dialog.querySelector<HTMLElement>('[data-autofocus]'))?.focus();
  }, [status]);

  return (
    <dialog ref={ref} className="applicant-dialog" aria-labelledby="applicant-name" onCancel={(e) => { e.preventDefault(); onClose(); }} onKeyDown={keepTabInside}>
      <div className="applicant-dialog-head">
        <h2 id="applicant-name">{app ? personName(app.performer.fname) : MSG.loading}</h2>
      {app?.role.name && <p className="muted applicant-role">{CAST_MSG.role}: {app.role.name}</p>}
        <button type="button" className="btn btn-ghost" onClick={onClose} data-autofocus>{APP_MSG.close}</button>
      </div>
      {applicant.isError && <p role="alert">{applicant.error.message}</p>}
      {app && (
        <>
          <p className="muted">{[app.performer.pronoun, app.performer.category, app.performer.location].filter(Boolean).join(' · ')}</p>
          {app.performer.minor && <p className="muted">{GUARDIAN_MSG.minorLabel}</p>}
          <p>
            <span className={`status-badge status-${app.status}`}>{APP_MSG.statusLabel(app.status)}</span>{' '}
            {onUndo && FINAL_STATUSES.includes(app.status) && (
              <button type="button" className="btn btn-secondary" data-undo onClick={onUndo}>{DECISION_MSG.undo}</button>
            )}
          </p>
          {can('move') && !FINAL_STATUSES.includes(app.status) && (
            <div className="applicant-actions" role="group" aria-label="Move">
              {STUDIO_STATUSES.filter((s) => s !== app.status).map((s) => (
                <button key={s} type="button" className={s === 'declined' ? 'btn btn-ghost' : 'btn'} onClick={() => void move(s)}>{APP_MSG.action(s)}</button>
              ))}
            </div>
          )}
          {app.decision && (app.decision.reasonText || app.decision.note) && (
            <p className="muted pre-line">{[app.decision.reasonText, app.decision.note].filter(Boolean).join('\n')}</p>
          )}
          {can('message') && app.performer._id && <MessageButton with={app.performer._id} jobId={app.jobId} />}
          <div className="applicant-columns">
            <div>
              {app.performer.profilePic && <img className="applicant-photo" src={app.performer.profilePic} alt={`${personName(app.performer.fname)}, profile picture`} />}
              <h3>{APP_MSG.appearance}</h3>
              <dl className="applicant-facts">
                {(['gender', 'age', 'height', 'weight', 'bodyType', 'hairColor', 'eyeColor'] as const)
                  .filter((k) => app.performer[k])
                  .map((k) => (
                    <Fragment key={k}><dt>{FACT_LABELS[k]}</dt><dd>{k === 'height' ? heightShown(app.performer.height) : k === 'weight' ? weightShown(app.performer.weight) : app.performer[k]}</dd></Fragment>
                  ))}
              </dl>
            </div>
            <div>
              {app.resume && (
                <section className="applicant-resume" aria-labelledby="applicant-resume-h">
                  <h3 id="applicant-resume-h">{RESUME_MSG.resumeTitle}</h3>
                  <ResumeView resume={app.resume} level={4} idPrefix="applicant-resume" />
                </section>
              )}
              {app.conflicts && app.conflicts.length > 0 && (
                // The dates only: the performer's own notes never reach a studio (docs/talent.md, "Availability").
                <ul className="applicant-conflicts" data-testid="applicant-conflicts">
                  {app.conflicts.map((c) => (
                    <li key={`${c.from}-${c.to}`} className="field-error">
                      {AVAILABILITY_MSG.conflict(daySpan(c))}
                    </li>
                  ))}
                </ul>
              )}
              <h3>{APP_MSG.performerNote}</h3>
              <p className="applicant-note">{app.note || '—'}</p>
              {app.tape && (
                <>
                  <h3>{TAPE_MSG.requestsTitle}</h3>
                  {/* Seeks through range requests; the first play tells the performer it was watched. */}
                  <VideoPlayer
                    className="applicant-tape"
                    video={app.tape}
                    label={`Self-tape: ${app.performer.fname}`}
                    onPlay={() => {
                      if (app.tape && !app.tape.watchedAt) watched.mutate({ tapeId: app.tape._id, applicationId: app._id });
                    }}
                  />
                  <p className="muted">{app.tape.watchedAt ? TAPE_MSG.watched : TAPE_MSG.notWatched}</p>
                </>
              )}
              {app.feedback && app.feedback.length > 0 && (
                <section aria-labelledby="applicant-feedback-h">
                  <h3 id="applicant-feedback-h">{TAPE_MSG.feedbackTitle}</h3>
                  <FeedbackPicks feedback={app.feedback} full />
                </section>
              )}
              <h3>{APP_MSG.sentMedia}</h3>
              {app.media.length === 0 ? <p className="muted">—</p> : (
                <ul className="applicant-media">
                  {app.media.map((m, i) => (
                    <li key={m.url}>
                      {m.type === 'photos' && <img src={m.url} alt={`Photo ${i + 1} sent by ${personName(app.performer.fname)}`} />}
                      {m.type === 'videos' && <VideoPlayer className="applicant-media__video" video={m} label={`Video ${i + 1}`} />}
                      {m.type === 'audios' && <audio src={m.url} controls preload="metadata" aria-label={`Audio ${i + 1}`} />}
                    </li>
                  ))}
                </ul>
              )}
              <h3>{APP_MSG.timeline}</h3>
              <ol className="timeline">
                {app.history.map((h) => {
                  // Who did it, when the studio's history says (docs/team.md): "Declined by Asha Rao".
                  const what = h.action ? WHO_MSG.actionLabel(h.action) : APP_MSG.statusLabel(h.status);
                  return <li key={`${h.action ?? h.status}-${h.at}`}><span className="timeline-status">{h.by ? WHO_MSG.by(what, h.by.name) : what}</span> <span className="muted">{formatTime(h.at)}</span></li>;
                })}
                {(app.day ?? []).map((d) => (
                  <li key={`day-${d.kind}-${d.at}`}>
                    <span className="timeline-status">{d.kind === 'late' && d.minutes !== null ? SLOT_TEXT.dayEventLate(d.minutes) : d.kind === 'invited' && d.round ? SLOT_TEXT.invitedToRound(d.round) : SLOT_TEXT.dayEvent[d.kind]}</span> <span className="muted">{formatTime(d.at)}</span>
                  </li>
                ))}
              </ol>
            </div>
          </div>
          <ApplicantReviews reviews={app.reviews} average={app.ratingAverage} />
          <Review app={app} />
        </>
      )}
    </dialog>
  );
}

const FACT_LABELS = { gender: 'Gender', age: 'Age', height: 'Height', weight: 'Weight', bodyType: 'Body type', hairColor: 'Hair colour', eyeColor: 'Eye colour' } as const;

/** The review's fields, in the form's order (focus goes to the first wrong one); a refusal naming one is said there. */
const REVIEW_IDS = { rating: 'review-rating', note: 'review-note' };
const reviewRules = z.object(applicationReviewFields);

function Review({ app }: { app: StudioApplication }) {
  const [rating, setRating] = useState(app.rating ? String(app.rating) : '');
  const [note, setNote] = useState(app.studioNote);
  const fields = useFieldProblems(reviewRules, REVIEW_IDS);
  const [saved, setSaved] = useState(false);
  const review = useReviewApplication({
    fields: REVIEW_IDS,
    onSuccess: () => setSaved(true),
    // At the field the server names, with the focus on it (docs/architecture.md, "Web forms and data").
    onProblem: (field, msg) => fields.setProblem(field, msg),
    // A refusal naming no field is said under the note, the form's last field, as before.
    onError: (err) => fields.setProblem('note', err.message),
  });

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (review.isPending) return;
    setSaved(false);
    if (!fields.check({ rating, note })) return;
    review.mutate({ app, body: { rating: rating ? Number(rating) : null, note } });
  }

  return (
    <form className="applicant-review" onSubmit={handleSubmit} noValidate aria-label={APP_MSG.saveReview}>
      <FormField id={REVIEW_IDS.rating} label={APP_MSG.ratingLabel} error={fields.problems.rating}>
        {(a) => (
          <select {...a} className="input" value={rating} onChange={(e) => { setRating(e.target.value); fields.clear('rating'); }}>
            <option value="">—</option>
            {[1, 2, 3, 4, 5].map((n) => <option key={n} value={n}>{'★'.repeat(n)} {n}</option>)}
          </select>
        )}
      </FormField>
      <FormField id={REVIEW_IDS.note} label={APP_MSG.studioNoteLabel} error={fields.problems.note}>
        {(a) => <textarea {...a} className="textarea" rows={3} value={note} onChange={(e) => { setNote(e.target.value); fields.clear('note'); }} />}
      </FormField>
      <button type="submit" className="btn btn-secondary">{APP_MSG.saveReview}</button>
      {saved && <p role="status" className="muted">{MARKET_MSG.saved}</p>}
    </form>
  );
}
