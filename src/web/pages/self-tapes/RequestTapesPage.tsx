/**
 * /dashboard/jobs/{id}/self-tapes/new?ids=…: the studio asks the applicants it selected on
 * the board for self-tapes (docs/self-tapes.md, "Screens"): instructions, optional sides
 * (uploaded at once, pages shown), a deadline in the viewer's zone. A page rather than a
 * dialog: at 390 px a long form with an upload reads better full width, and a reload keeps
 * the chosen applicants (they are in the address). Sending tells people, so it asks once;
 * the job's self-tapes screen then shows the result with focus on it.
 */
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { BOARD_MSG } from '../../../contract/board-messages';
import { MSG } from '../../../contract/messages';
import { personName } from '../../../contract/names';
import { TAPE_LIMITS, TAPE_MSG } from '../../../contract/self-tapes-messages';
import { earliestDeadline, leadHoursFor } from '../../../contract/tape-deadline';
import { ApiError } from '../../api/client';
import { useJobApplicants } from '../../api/job-applicants';
import { useOwnJob } from '../../api/own-jobs';
import { requestTapes } from '../../api/request-tapes';
import { uploadSides } from '../../api/upload-sides';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { NO_RULES, useFieldProblems } from '../../components/useFieldProblems';
import { FormField } from '../../components/FormField';
import { useToast } from '../../components/Toasts';
import { formatClock, formatDay } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { zoneName } from '../../lib/zoned-time';
import { earliestOf, isoToLocalInput } from './deadline-input';
import { toggled } from '../../lib/toggled';
import './self-tapes.css';

/** Keyed by the call's own inputs, so a refusal's `field` (`applicationIds.3`) lands at its field. */
type Field = 'applicationIds' | 'instructions' | 'sidesFileId' | 'deadline';
const ids: Record<Field, string> = { applicationIds: 'tape-applicants', instructions: 'tape-instructions', sidesFileId: 'tape-sides', deadline: 'tape-deadline' };

export default function RequestTapesPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const job = useOwnJob(id);
  const applicants = useJobApplicants(id);
  useDocumentTitle(job.data ? TAPE_MSG.requestTitle(job.data.title) : undefined);
  const wanted = useMemo(() => new Set((search.get('ids') ?? '').split(',').filter(Boolean)), [search]);

  if (job.isPending || applicants.isPending) return <main className="page"><p role="status">{MSG.loading}</p></main>;
  if (job.isError) return <main className="page"><p role="alert">{job.error.message}</p></main>;
  if (applicants.isError) return <main className="page"><p role="alert">{applicants.error.message}</p></main>;
  if (!job.data) return <main className="page"><h1>{BOARD_MSG.jobNotFound}</h1><p><Link to="/dashboard">{BOARD_MSG.backToDashboard}</Link></p></main>;
  const chosen = applicants.data.filter((a) => wanted.has(a._id));
  return (
    <main className="page tapes-page">
      <p className="tapes-back"><Link to={`/dashboard/jobs/${id}/applicants`}>← {TAPE_MSG.backToBoard}</Link></p>
      <h1>{TAPE_MSG.requestTitle(job.data.title)}</h1>
      {chosen.length === 0 ? (
        <div className="card tapes-empty">
          <p>{TAPE_MSG.noneSelected}</p>
          <Link className="btn" to={`/dashboard/jobs/${id}/applicants`}>{TAPE_MSG.openBoard}</Link>
        </div>
      ) : (
        <RequestForm jobId={id} chosen={chosen.map((a) => ({ _id: a._id, name: personName(a.performer.fname) }))} />
      )}
    </main>
  );
}

function RequestForm({ jobId, chosen }: { jobId: string; chosen: { _id: string; name: string }[] }) {
  const navigate = useNavigate();
  const toast = useToast();
  const zone = zoneName();
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set(chosen.map((c) => c._id)));
  const [instructions, setInstructions] = useState('');
  const [deadline, setDeadline] = useState('');
  const [sides, setSides] = useState<{ fileId: string; pages: number; name: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const fields = useFieldProblems(NO_RULES, ids);
  const { problems, clear, show } = fields;
  const [earliest, setEarliest] = useState<Date | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const sidesInput = useRef<HTMLInputElement>(null);
  const hours = leadHoursFor(sides ? sides.pages : null);

  async function chooseSides(file: File | undefined) {
    clear('sidesFileId');
    setSides(null);
    if (!file) return;
    setUploading(true);
    try {
      const answer = await uploadSides(file);
      setSides({ ...answer, name: file.name });
    } catch (err) {
      if (sidesInput.current) sidesInput.current.value = '';
      show({ sidesFileId: (err as Error).message });
    } finally {
      setUploading(false);
    }
  }

  /**
   * Every rule the page can know is checked first, the deadline's included (issue 49 item 13):
   * the send cannot be taken back, so it is confirmed only once nothing is left to refuse.
   */
  function check(e: FormEvent) {
    e.preventDefault();
    setEarliest(null);
    const found: Partial<Record<Field, string>> = {};
    if (picked.size === 0) found.applicationIds = TAPE_MSG.applicationsRange;
    if (instructions.length > TAPE_LIMITS.instructionsMax) found.instructions = MSG.tooLong(TAPE_MSG.instructions, TAPE_LIMITS.instructionsMax);
    const at = new Date(deadline);
    if (!deadline || Number.isNaN(at.getTime())) found.deadline = TAPE_MSG.deadlineRequired;
    else {
      const soonest = earliestDeadline(new Date(), hours);
      if (at.getTime() < soonest.getTime()) {
        // The input has minutes only: offer the next whole minute, which the rule allows.
        const offer = new Date(Math.ceil(soonest.getTime() / 60_000) * 60_000);
        found.deadline = TAPE_MSG.deadlineTooSoon(`${formatDay(offer)}, ${formatClock(offer)}`, hours);
        setEarliest(offer);
      }
    }
    if (!show(found)) return;
    setAsking(true);
  }

  async function send() {
    setAsking(false);
    setBusy(true);
    setEarliest(null);
    try {
      const made = await requestTapes(jobId, {
        applicationIds: [...picked],
        instructions,
        deadline: new Date(deadline).toISOString(),
        ...(sides ? { sidesFileId: sides.fileId } : {}),
      });
      navigate(`/dashboard/jobs/${jobId}/self-tapes`, { state: { sent: made.length } });
    } catch (err) {
      // The server still decides (a minute may pass while the dialog is open): its refusal
      // lands at the field it names, with the earliest it allows offered.
      if (err instanceof ApiError && err.status < 500) {
        setEarliest(earliestOf(err));
        if (!fields.setProblemFrom(err)) toast(err.message);
      } else toast((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const when = deadline ? `${formatDay(new Date(deadline))}, ${formatClock(new Date(deadline))}` : '';
  return (
    <form className="card tapes-form" onSubmit={check} noValidate>
      <fieldset id={ids.applicationIds} tabIndex={-1} className="tapes-who" aria-describedby={problems.applicationIds ? `${ids.applicationIds}-error` : `${ids.applicationIds}-hint`}>
        <legend>{TAPE_MSG.sendTo}</legend>
        <p id={`${ids.applicationIds}-hint`} className="field-hint">{TAPE_MSG.sendToHint}</p>
        <ul>
          {chosen.map((c) => (
            <li key={c._id}>
              <label>
                <input
                  type="checkbox"
                  checked={picked.has(c._id)}
                  onChange={() => {
                    clear('applicationIds');
                    setPicked((now) => toggled(now, c._id));
                  }}
                />{' '}
                {c.name}
              </label>
            </li>
          ))}
        </ul>
        {problems.applicationIds && <p id={`${ids.applicationIds}-error`} className="field-error" role="alert">{problems.applicationIds}</p>}
      </fieldset>
      <FormField id={ids.instructions} label={TAPE_MSG.instructions} error={problems.instructions} hint={TAPE_MSG.instructionsHint}>
        {(a11y) => (
          <textarea className="textarea" rows={6} maxLength={TAPE_LIMITS.instructionsMax} value={instructions} onChange={(e) => { clear('instructions'); setInstructions(e.target.value); }} {...a11y} />
        )}
      </FormField>
      <FormField
        id={ids.sidesFileId}
        label={TAPE_MSG.sides}
        error={problems.sidesFileId}
        hint={
          <>
            {TAPE_MSG.sidesHint}
            {uploading && <span role="status"> {TAPE_MSG.sidesUploading}</span>}
          </>
        }
      >
        {(a11y) => <input ref={sidesInput} type="file" accept="application/pdf" className="input" disabled={uploading} onChange={(e) => void chooseSides(e.target.files?.[0])} {...a11y} />}
      </FormField>
      {sides && (
        <p className="tapes-sides" role="status">
          <span>{sides.name}: {TAPE_MSG.sidesReady(sides.pages)}</span>{' '}
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setSides(null);
              if (sidesInput.current) sidesInput.current.value = '';
              sidesInput.current?.focus();
            }}
          >
            {TAPE_MSG.removeSides}
          </button>
        </p>
      )}
      <FormField id={ids.deadline} label={TAPE_MSG.deadline} error={problems.deadline} hint={TAPE_MSG.deadlineHint(zone, hours)}>
        {(a11y) => <input type="datetime-local" className="input" value={deadline} onChange={(e) => { clear('deadline'); setEarliest(null); setDeadline(e.target.value); }} {...a11y} />}
      </FormField>
      {earliest && problems.deadline && (
        <p className="tapes-earliest">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setDeadline(isoToLocalInput(earliest));
              setEarliest(null);
              clear('deadline');
              document.getElementById(ids.deadline)?.focus();
            }}
          >
            {TAPE_MSG.offerEarliest(`${formatDay(earliest)}, ${formatClock(earliest)}`)}
          </button>
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn" disabled={busy || uploading}>{TAPE_MSG.sendRequests(picked.size)}</button>
      </div>
      <ConfirmDialog
        open={asking}
        title={TAPE_MSG.confirmSendTitle(picked.size)}
        message={TAPE_MSG.confirmSend(picked.size, when)}
        confirmLabel={TAPE_MSG.confirmSendLabel}
        onConfirm={() => void send()}
        onCancel={() => setAsking(false)}
      />
    </form>
  );
}
