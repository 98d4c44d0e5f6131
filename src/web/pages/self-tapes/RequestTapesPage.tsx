/**
 * /dashboard/jobs/{id}/self-tapes/new?ids=…: the studio asks the applicants it selected on
 * the board for self-tapes (docs/self-tapes.md, "Screens"): instructions, optional sides
 * (uploaded at once, pages shown), a deadline in the viewer's zone. A page rather than a
 * dialog: at 390 px a long form with an upload reads better full width, and a reload keeps
 * the chosen applicants (they are in the address). Sending tells people, so it asks once;
 * the job's self-tapes screen then shows the result with focus on it. The deadline is checked
 * by the server's own rule before the question is asked.
 */
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { BOARD_MSG } from '../../../contract/board-messages';
import { MSG } from '../../../contract/messages';
import { personName } from '../../../contract/names';
import { TAPE_LIMITS, TAPE_MSG } from '../../../contract/self-tapes-messages';
import { checkDeadline, leadHoursFor, namedEarliest } from '../../../contract/tape-deadline';
import { readerTime } from '../../../contract/time-zones';
import { useJobApplicants } from '../../api/job-applicants';
import { useOwnJob } from '../../api/own-jobs';
import { useRequestTapes } from '../../api/request-tapes';
import { useUploadSides } from '../../api/upload-sides';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FieldGroup, FormField } from '../../components/FormField';
import { NO_RULES, useFieldProblems } from '../../components/useFieldProblems';
import { useToast } from '../../components/Toasts';
import { formatClock, formatDay } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { browserTimeZone, zoneName } from '../../lib/zoned-time';
import { earliestOf, isoToLocalInput } from './deadline-input';
import { toggled } from '../../lib/toggled';
import './self-tapes.css';

/** The form's fields by the names the server's `field` uses, with their element ids, in the form's order. */
const IDS = { applicationIds: 'tape-applicants', instructions: 'tape-instructions', sidesFileId: 'tape-sides', deadline: 'tape-deadline' };
type Field = keyof typeof IDS;

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
  const fields = useFieldProblems<Field>(NO_RULES, IDS);
  const { problems, clear, show } = fields;
  const [earliest, setEarliest] = useState<Date | null>(null);
  const [asking, setAsking] = useState(false);
  const sidesInput = useRef<HTMLInputElement>(null);
  const sidesPages = sides?.pages ?? null;
  const hours = leadHoursFor(sidesPages);
  const sending = useRequestTapes<Field>({
    fields: IDS,
    onSuccess: (made) => navigate(`/dashboard/jobs/${jobId}/self-tapes`, { state: { sent: made.length } }),
    onProblem: (field, msg, err) => {
      // The rule may have moved on since the page checked (a minute passed): the server's earliest.
      setEarliest(earliestOf(err));
      fields.setProblem(field, msg);
    },
    onError: (err) => toast(err.message),
  });

  const sidesUpload = useUploadSides({
    onSuccess: (answer, file) => setSides({ ...answer, name: file.name }),
    onError: (err) => {
      if (sidesInput.current) sidesInput.current.value = '';
      show({ sidesFileId: err.message });
    },
  });
  const uploading = sidesUpload.isPending;

  function chooseSides(file: File | undefined) {
    clear('sidesFileId');
    setSides(null);
    if (file) sidesUpload.mutate(file);
  }

  /**
   * Everything the page can know is checked before it asks, the deadline rule included: the
   * question "cannot be taken back" comes only for a request that can be sent (issue 49, item 13).
   */
  function check(e: FormEvent) {
    e.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (picked.size === 0) found.applicationIds = TAPE_MSG.applicationsRange;
    if (instructions.length > TAPE_LIMITS.instructionsMax) found.instructions = MSG.tooLong(TAPE_MSG.instructions, TAPE_LIMITS.instructionsMax);
    const at = new Date(deadline);
    let allowed: Date | null = null;
    if (!deadline || Number.isNaN(at.getTime())) found.deadline = TAPE_MSG.deadlineRequired;
    else {
      const rule = checkDeadline(new Date(), at, sidesPages);
      if (!rule.ok) {
        allowed = namedEarliest(rule.earliest);
        found.deadline = TAPE_MSG.deadlineTooSoon(readerTime(allowed, browserTimeZone()), rule.hours);
      }
    }
    setEarliest(allowed);
    if (show(found)) setAsking(true);
  }

  function send() {
    setAsking(false);
    setEarliest(null);
    sending.mutate({ jobId, body: { applicationIds: [...picked], instructions, deadline: new Date(deadline).toISOString(), ...(sides ? { sidesFileId: sides.fileId } : {}) } });
  }

  const when = deadline ? `${formatDay(new Date(deadline))}, ${formatClock(new Date(deadline))}` : '';
  return (
    <form className="card tapes-form" onSubmit={check} noValidate>
      <FieldGroup id={IDS.applicationIds} legend={TAPE_MSG.sendTo} hint={TAPE_MSG.sendToHint} error={problems.applicationIds} className="tapes-who">
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
      </FieldGroup>
      <FormField id={IDS.instructions} label={TAPE_MSG.instructions} error={problems.instructions} hint={TAPE_MSG.instructionsHint}>
        {(a11y) => (
          <textarea className="textarea" rows={6} maxLength={TAPE_LIMITS.instructionsMax} value={instructions} onChange={(e) => { clear('instructions'); setInstructions(e.target.value); }} {...a11y} />
        )}
      </FormField>
      <FormField
        id={IDS.sidesFileId}
        label={TAPE_MSG.sides}
        error={problems.sidesFileId}
        hint={
          <>
            {TAPE_MSG.sidesHint}
            {uploading && <span role="status"> {TAPE_MSG.sidesUploading}</span>}
          </>
        }
      >
        {(a11y) => <input ref={sidesInput} type="file" accept="application/pdf" className="input" disabled={uploading} onChange={(e) => chooseSides(e.target.files?.[0])} {...a11y} />}
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
      <FormField id={IDS.deadline} label={TAPE_MSG.deadline} error={problems.deadline} hint={TAPE_MSG.deadlineHint(zone, hours)}>
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
              document.getElementById(IDS.deadline)?.focus();
            }}
          >
            {TAPE_MSG.offerEarliest(`${formatDay(earliest)}, ${formatClock(earliest)}`)}
          </button>
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn" disabled={sending.isPending || uploading}>{TAPE_MSG.sendRequests(picked.size)}</button>
      </div>
      <ConfirmDialog
        open={asking}
        title={TAPE_MSG.confirmSendTitle(picked.size)}
        message={TAPE_MSG.confirmSend(picked.size, when)}
        confirmLabel={TAPE_MSG.confirmSendLabel}
        onConfirm={send}
        onCancel={() => setAsking(false)}
      />
    </form>
  );
}
