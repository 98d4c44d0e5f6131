/**
 * /dashboard/jobs/{id}/self-tapes: one job's self-tapes for the studio (docs/self-tapes.md,
 * "Screens"): each request with its performer, status, deadline and tape (the first play
 * marks it watched), a retake once per request on a sent tape, and the job's review links:
 * made for applicants with a tape, shown once with Copy, listed while live, revoked after
 * one question.
 */
import { WHO_MSG } from '../../../contract/who-did-what-texts';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { StudioApplication } from '../../../contract/applications';
import { BOARD_MSG } from '../../../contract/board-messages';
import { MSG } from '../../../contract/messages';
import { personName } from '../../../contract/names';
import type { TapeRequest } from '../../../contract/self-tapes';
import { TAPE_LIMITS, TAPE_MSG } from '../../../contract/self-tapes-messages';
import { checkRetakeDeadline, namedEarliest } from '../../../contract/tape-deadline';
import { readerTime } from '../../../contract/time-zones';
import { useAskRetake } from '../../api/ask-retake';
import { VideoPlayer } from '../../components/VideoPlayer';
import { ApiError } from '../../api/client';
import { useCreateReviewLink } from '../../api/create-review-link';
import { useJobApplicants } from '../../api/job-applicants';
import { useJobTapeRequests } from '../../api/job-tape-requests';
import { useMarkTapeWatched } from '../../api/mark-tape-watched';
import { useOwnJob } from '../../api/own-jobs';
import { useReviewLinks } from '../../api/review-links';
import { useLinkFeedback } from '../../api/link-feedback';
import { FeedbackPicks } from '../../components/FeedbackPicks';
import type { ReviewLinkItem } from '../../../contract/self-tapes';
import { useRevokeReviewLink } from '../../api/revoke-review-link';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormField } from '../../components/FormField';
import { NO_RULES, useFieldProblems } from '../../components/useFieldProblems';
import { useToast } from '../../components/Toasts';
import { formatClock, formatDay, formatTime } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { browserTimeZone, zoneName } from '../../lib/zoned-time';
import { earliestOf, isoToLocalInput } from './deadline-input';
import { toggled } from '../../lib/toggled';
import './self-tapes.css';
import { useStudioRole } from '../../components/useStudioRole';

/** A deadline or an end: the day and the clock with its zone, "2 Dec 2026, 09:02 UTC". */
const at = (iso: string | Date) => `${formatDay(iso)}, ${formatClock(iso)}`;

export default function SelfTapesPage() {
  const { id = '' } = useParams();
  const job = useOwnJob(id);
  const requests = useJobTapeRequests(id);
  const applicants = useJobApplicants(id);
  const sent = (useLocation().state as { sent?: number } | null)?.sent;
  const sentRef = useRef<HTMLParagraphElement>(null);
  useDocumentTitle(job.data ? TAPE_MSG.selfTapesTitle(job.data.title) : undefined);
  const ready = Boolean(job.data && requests.data);
  // After sending from the request form, the result is where focus lands (docs/screens.md).
  useEffect(() => {
    if (!sent || !ready) return;
    const timer = window.setTimeout(() => sentRef.current?.focus(), 50);
    return () => window.clearTimeout(timer);
  }, [sent, ready]);

  if (job.isPending || requests.isPending || applicants.isPending) return <main className="page"><p role="status">{MSG.loading}</p></main>;
  const failed = job.error ?? requests.error ?? applicants.error;
  if (failed) return <main className="page"><p role="alert">{failed.message}</p></main>;
  if (!job.data) return <main className="page"><h1>{BOARD_MSG.jobNotFound}</h1><p><Link to="/dashboard">{BOARD_MSG.backToDashboard}</Link></p></main>;
  const people = new Map((applicants.data ?? []).map((a) => [a._id, a]));
  const list = requests.data ?? [];
  return (
    <main className="page tapes-page">
      <p className="tapes-back"><Link to={`/dashboard/jobs/${id}/applicants`}>← {TAPE_MSG.backToBoard}</Link></p>
      <h1>{TAPE_MSG.selfTapesTitle(job.data.title)}</h1>
      {sent ? <p ref={sentRef} tabIndex={-1} role="status" className="tapes-sent">{TAPE_MSG.sent(sent)}</p> : null}
      <section aria-labelledby="tape-requests-title" className="tapes-section">
        <h2 id="tape-requests-title" tabIndex={-1}>{TAPE_MSG.requests}</h2>
        {list.length === 0 ? (
          <div className="card tapes-empty">
            <p><strong>{TAPE_MSG.emptyRequests}</strong></p>
            <p>{TAPE_MSG.emptyRequestsNext}</p>
            <Link className="btn" to={`/dashboard/jobs/${id}/applicants`}>{TAPE_MSG.openBoard}</Link>
          </div>
        ) : (
          <ul className="tapes-list">
            {list.map((r) => <RequestRow key={r._id} jobId={id} r={r} who={people.get(r.applicationId)} />)}
          </ul>
        )}
      </section>
      <ReviewLinks jobId={id} withTapes={(applicants.data ?? []).filter((a) => a.tape)} />
    </main>
  );
}

function RequestRow({ jobId, r, who }: { jobId: string; r: TapeRequest; who: StudioApplication | undefined }) {
  // A job of one role names it after the job: said once, in the title.
  const role = r.role && r.role.name !== r.job.title ? r.role.name : '';
  const name = who ? personName(who.performer.fname) : TAPE_MSG.unknownPerformer;
  const [retaking, setRetaking] = useState(false);
  // Retakes are the casting members' (docs/team.md); a viewer watches.
  const mayAsk = useStudioRole().can('requestTapes');
  const retakeButton = useRef<HTMLButtonElement>(null);
  const canRetake = r.status === 'submitted' && !r.retakeUsed && r.tape;
  const watched = useMarkTapeWatched();
  return (
    <li className="card tapes-row" data-testid="tape-request">
      <div className="tapes-row-head">
        <h3>{name}</h3>
        <span className={`tapes-status tapes-status-${r.status}`}>{TAPE_MSG.statusLabel[r.status]}</span>
      </div>
      <p className="muted">
        {[role, TAPE_MSG.due(at(r.deadline)), r.sidesPages ? TAPE_MSG.sidesPages(r.sidesPages) : '', r.by ? WHO_MSG.by(WHO_MSG.actionLabel('tape_request'), r.by.name) : '', r.retakeBy ? WHO_MSG.by(WHO_MSG.actionLabel('retake'), r.retakeBy.name) : ''].filter(Boolean).join(' · ')}
      </p>
      {r.status === 'declined' && r.declineReason && <p>{TAPE_MSG.declinedBecause(r.declineReason)}</p>}
      {r.retakeUsed && r.retakeNote && <p id={`retake-result-${r._id}`} tabIndex={-1}>{TAPE_MSG.retakeAsked(r.retakeNote)}</p>}
      {r.tape ? (
        <>
          <VideoPlayer
            className="tapes-video"
            video={r.tape}
            label={TAPE_MSG.playTape(name)}
            onPlay={() => {
              if (r.tape && !r.tape.watchedAt) watched.mutate({ tapeId: r.tape._id, applicationId: r.applicationId });
            }}
          />
          <p className="muted">
            {TAPE_MSG.sentAt(formatTime(r.tape.submittedAt))} · {r.tape.watchedAt ? <strong>{TAPE_MSG.watched}</strong> : TAPE_MSG.notWatched}
          </p>
        </>
      ) : (
        <p className="muted">{TAPE_MSG.noTapeYet}</p>
      )}
      {mayAsk && (r.tape || r.retakeUsed) && !retaking && (
        <button ref={retakeButton} type="button" className="btn btn-secondary" disabled={!canRetake} onClick={() => setRetaking(true)}>
          {r.retakeUsed ? TAPE_MSG.retakeUsedButton : TAPE_MSG.askRetake}
        </button>
      )}
      {retaking && (
        <RetakeForm
          jobId={jobId}
          r={r}
          onDone={(asked) => {
            setRetaking(false);
            // Asked: the result (the note, the button now saying so); cancelled: the button again.
            window.setTimeout(() => (asked ? document.getElementById(`retake-result-${r._id}`) : retakeButton.current)?.focus(), 100);
          }}
        />
      )}
    </li>
  );
}

function RetakeForm({ jobId, r, onDone }: { jobId: string; r: TapeRequest; onDone(asked: boolean): void }) {
  const toast = useToast();
  const zone = zoneName();
  const [note, setNote] = useState('');
  const [deadline, setDeadline] = useState('');
  const [earliest, setEarliest] = useState<Date | null>(null);
  const ids = useMemo(() => ({ note: `retake-note-${r._id}`, deadline: `retake-deadline-${r._id}` }), [r._id]);
  const fields = useFieldProblems(NO_RULES, ids);
  const { problems, show, clear } = fields;
  const retake = useAskRetake({
    fields: ids,
    onSuccess: () => {
      toast(TAPE_MSG.retakeSent, 'success');
      onDone(true);
    },
    onProblem: (field, msg, err) => {
      setEarliest(earliestOf(err));
      fields.setProblem(field, msg);
    },
    // A refusal naming no field is about the deadline (the note's own are named).
    onError: (err) => {
      if (err instanceof ApiError && err.status === 400) {
        setEarliest(earliestOf(err));
        fields.setProblem('deadline', err.message);
      } else toast(err.message);
    },
  });
  const busy = retake.isPending;

  /** Everything the page can know is checked before it sends, the 24 hours included, as the request form does. */
  function submit(e: FormEvent) {
    e.preventDefault();
    const found: Partial<Record<keyof typeof ids, string>> = {};
    let allowed: Date | null = null;
    if (!note.trim()) found.note = TAPE_MSG.retakeNoteRequired;
    const at = new Date(deadline);
    if (!deadline || Number.isNaN(at.getTime())) found.deadline = TAPE_MSG.deadlineRequired;
    else {
      const rule = checkRetakeDeadline(new Date(), at);
      if (!rule.ok) {
        allowed = namedEarliest(rule.earliest);
        found.deadline = TAPE_MSG.retakeTooSoon(readerTime(allowed, browserTimeZone()));
      }
    }
    setEarliest(allowed);
    if (!show(found)) return;
    retake.mutate({ jobId, id: r._id, body: { note, deadline: at.toISOString() } });
  }

  return (
    <form className="tapes-retake" onSubmit={submit} noValidate aria-label={TAPE_MSG.askRetake}>
      <FormField id={ids.note} label={TAPE_MSG.retakeNote} error={problems.note}>
        {(a11y) => <textarea className="textarea" rows={3} maxLength={TAPE_LIMITS.retakeNoteMax} value={note} onChange={(e) => { clear('note'); setNote(e.target.value); }} autoFocus {...a11y} />}
      </FormField>
      <FormField id={ids.deadline} label={TAPE_MSG.retakeDeadline} error={problems.deadline} hint={TAPE_MSG.retakeDeadlineHint(zone)}>
        {(a11y) => <input type="datetime-local" className="input" value={deadline} onChange={(e) => { clear('deadline'); setEarliest(null); setDeadline(e.target.value); }} {...a11y} />}
      </FormField>
      {earliest && problems.deadline && (
        <p>
          <button type="button" className="btn btn-secondary" onClick={() => { setDeadline(isoToLocalInput(earliest)); setEarliest(null); clear('deadline'); document.getElementById(ids.deadline)?.focus(); }}>
            {TAPE_MSG.offerEarliest(at(earliest))}
          </button>
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn" disabled={busy}>{TAPE_MSG.sendRetake}</button>
        <button type="button" className="btn btn-ghost" onClick={() => onDone(false)}>{TAPE_MSG.cancel}</button>
      </div>
    </form>
  );
}

function ReviewLinks({ jobId, withTapes }: { jobId: string; withTapes: StudioApplication[] }) {
  const toast = useToast();
  const links = useReviewLinks();
  // A viewer reads the review links and their feedback; making and revoking them is casting's (docs/team.md).
  const mayLink = useStudioRole().can('reviewLinks');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [days, setDays] = useState(7);
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState('');
  const [made, setMade] = useState<{ _id: string; url: string } | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const madeRef = useRef<HTMLInputElement>(null);
  const now = Date.now();
  const live = (links.data ?? []).filter((l) => l.jobId === jobId && !l.revokedAt && Date.parse(l.expiresAt) > now);

  const making = useCreateReviewLink({
    onSuccess: (link) => {
      setProblem('');
      setPicked(new Set());
      setLabel('');
      setMade({ _id: link._id, url: new URL(link.url, window.location.origin).href });
      window.setTimeout(() => madeRef.current?.focus(), 50);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 400) {
        setProblem(err.message);
        document.getElementById('review-who')?.focus();
      } else toast(err.message);
    },
  });
  const busy = making.isPending;
  const ending = useRevokeReviewLink({
    onSuccess: (_ended, linkId) => {
      // The link just shown, now ended, is not offered for copying any more.
      setMade((m) => (m?._id === linkId ? null : m));
      toast(TAPE_MSG.revoked, 'success');
      window.setTimeout(() => document.getElementById('live-links-title')?.focus(), 50);
    },
    onError: (err) => toast(err.message),
  });

  function create(e: FormEvent) {
    e.preventDefault();
    if (picked.size === 0 || picked.size > TAPE_LIMITS.reviewApplicationsMax) {
      setProblem(TAPE_MSG.reviewApplicationsRange);
      document.getElementById('review-who')?.focus();
      return;
    }
    making.mutate({ jobId, applicationIds: [...picked], expiresInDays: days, label: label.trim() || null });
  }

  async function copy() {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.url);
      toast(TAPE_MSG.copied, 'success');
    } catch {
      // Without clipboard access the link is selected, ready to copy by hand.
      madeRef.current?.select();
    }
  }

  function revoke() {
    const linkId = revoking;
    setRevoking(null);
    if (linkId) ending.mutate(linkId);
  }

  return (
    <section aria-labelledby="review-links-title" className="tapes-section">
      <h2 id="review-links-title">{TAPE_MSG.reviewLinks}</h2>
      <p className="muted">{TAPE_MSG.reviewLinksWhy}</p>
      {!mayLink ? null : withTapes.length === 0 ? (
        <p className="card tapes-empty">{TAPE_MSG.reviewNobody}</p>
      ) : (
        <form className="card tapes-form" onSubmit={create} noValidate>
          <fieldset id="review-who" tabIndex={-1} className="tapes-who" aria-describedby={problem ? 'review-who-error' : undefined}>
            <legend>{TAPE_MSG.reviewWho}</legend>
            <ul>
              {withTapes.map((a) => (
                <li key={a._id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={picked.has(a._id)}
                      onChange={() => {
                        setProblem('');
                        setPicked((now) => toggled(now, a._id));
                      }}
                    />{' '}
                    {personName(a.performer.fname)}
                  </label>
                </li>
              ))}
            </ul>
            {problem && <p id="review-who-error" className="field-error" role="alert">{problem}</p>}
          </fieldset>
          <FormField id="review-label" label={TAPE_MSG.reviewLabel} hint={TAPE_MSG.reviewLabelHint}>
            {(a11y) => <input className="input" value={label} maxLength={TAPE_LIMITS.reviewLabelMax} onChange={(e) => setLabel(e.target.value)} {...a11y} />}
          </FormField>
          <FormField id="review-days" label={TAPE_MSG.reviewDays}>
            {(a11y) => (
              <select className="select" value={days} onChange={(e) => setDays(Number(e.target.value))} {...a11y}>
                {Array.from({ length: TAPE_LIMITS.reviewDaysMax - TAPE_LIMITS.reviewDaysMin + 1 }, (_, i) => i + TAPE_LIMITS.reviewDaysMin).map((n) => (
                  <option key={n} value={n}>{TAPE_MSG.reviewDaysOption(n)}</option>
                ))}
              </select>
            )}
          </FormField>
          <div className="form-actions">
            <button type="submit" className="btn" disabled={busy}>{TAPE_MSG.createLink}</button>
          </div>
        </form>
      )}
      {made && (
        <div className="card tapes-made" role="status">
          <p>{TAPE_MSG.linkCreated}</p>
          <div className="tapes-made-row">
            <label htmlFor="review-link-made" className="visually-hidden">{TAPE_MSG.linkLabel}</label>
            <input ref={madeRef} id="review-link-made" className="input" readOnly value={made.url} onFocus={(e) => e.target.select()} />
            <button type="button" className="btn btn-secondary" onClick={() => void copy()}>{TAPE_MSG.copy}</button>
          </div>
        </div>
      )}
      <h3 id="live-links-title" className="tapes-live-title" tabIndex={-1}>{TAPE_MSG.liveLinks}</h3>
      {links.isError && <p role="alert">{links.error.message}</p>}
      {links.data && live.length === 0 && <p className="muted">{TAPE_MSG.noLiveLinks}</p>}
      {live.length > 0 && (
        <ul className="tapes-links">
          {live.map((l) => (
            <li key={l._id} className="card tapes-link" data-testid="review-link">
              <span>{l.label && <strong>{l.label} · </strong>}{TAPE_MSG.linkSummary(l.applicants, at(l.expiresAt))}{l.by && ` · ${WHO_MSG.by(WHO_MSG.actionLabel('review_link'), l.by.name)}`}</span>
              {mayLink && <button type="button" className="btn btn-ghost" onClick={() => setRevoking(l._id)} aria-label={`${TAPE_MSG.revoke}: ${TAPE_MSG.linkSummary(l.applicants, at(l.expiresAt))}`}>{TAPE_MSG.revoke}</button>}
              <LinkFeedback link={l} />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog open={revoking !== null} title={TAPE_MSG.revokeTitle} message={TAPE_MSG.revokeText} confirmLabel={TAPE_MSG.revoke} onConfirm={revoke} onCancel={() => setRevoking(null)} />
    </section>
  );
}

/** A link's feedback, shown on request: each pick with whom it is about, the viewer and the comment. */
function LinkFeedback({ link }: { link: ReviewLinkItem }) {
  const [open, setOpen] = useState(false);
  const feedback = useLinkFeedback(link._id, open);
  const panel = `link-feedback-${link._id}`;
  return (
    <div className="tapes-feedback">
      <button type="button" className="btn btn-secondary" aria-expanded={open} aria-controls={panel} onClick={() => setOpen((o) => !o)}>
        {open ? TAPE_MSG.hideFeedback : TAPE_MSG.showFeedback} ({TAPE_MSG.feedbackCount(link.feedback)})
      </button>
      {open && (
        <div id={panel}>
          {feedback.isPending && <p role="status">{MSG.loading}</p>}
          {feedback.isError && <p role="alert">{feedback.error.message}</p>}
          {feedback.data && (
            <FeedbackPicks
              full
              feedback={feedback.data.feedback.map((f) => ({ ...f, label: link.label, about: personName(f.performer.name) }))}
            />
          )}
        </div>
      )}
    </div>
  );
}
