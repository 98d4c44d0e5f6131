/**
 * The one question before a job closes (docs/applications.md, "Decisions"): it names who will
 * be told (the applicants still waiting for a decision), whose audition times the close cancels
 * and whose booked audition stays, from the job's live answer, and asks the reason those
 * applicants read (role closed unless chosen otherwise) with an optional note. The toast after
 * it says the same lines (`onClosed(said)`), the ones shown when the close was confirmed, so the
 * question and the result agree.
 */
import { useId, useRef, useState } from 'react';
import { DECISION_LIMITS, DECISION_MSG, DECLINE_REASONS, type DeclineReason } from '../../../contract/decisions-messages';
import { closeLines } from '../../../contract/decision-ends-texts';
import { BOARD_MSG } from '../../../contract/board-messages';
import { MSG } from '../../../contract/messages';
import { useCloseJob } from '../../api/close-job';
import { useStudioJob } from '../../api/studio-job';
import { FormField } from '../../components/FormField';
import { keepTabInside, useModalDialog } from '../../components/modal-dialog';
import { startTime } from '../../lib/zoned-time';
import '../../components/confirm-dialog.css';

interface Props {
  job: { _id: string; title: string };
  /** `said`: the lines the question showed, for the toast. */
  onClosed(said: string): void;
  onCancel(): void;
}

export function CloseJobDialog({ job, onClosed, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref);
  const titleId = useId();
  const live = useStudioJob(job._id).data?.live;
  const [reason, setReason] = useState<DeclineReason>('role_closed');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const liveLines = live
    ? closeLines({ ...live.people, waitingTotal: live.applied + live.viewed + live.shortlisted + live.auditioning, bookedTotal: live.booked }, startTime)
    : null;
  const close = useCloseJob(job._id, {
    // The lines as confirmed, carried by the write: this callback is the latest render's, and by
    // the time the close resolves that render may have read the job's answer after the close.
    onSuccess: (_, { said }) => onClosed(said.join(' ')),
    onError: (err) => {
      setProblem(err.message);
      document.getElementById('close-note')?.focus();
    },
  });
  // Once confirmed, the question keeps the lines it asked until it goes (a refusal shows the live ones again).
  const lines = close.isPending || close.isSuccess ? (close.variables?.said ?? liveLines) : liveLines;

  return (
    <dialog ref={ref} className="confirm-dialog card decision-dialog" aria-labelledby={titleId} onCancel={(e) => { e.preventDefault(); onCancel(); }} onKeyDown={keepTabInside}>
      <h2 id={titleId}>{DECISION_MSG.closeTitle(job.title)}</h2>
      {lines ? lines.map((line) => <p key={line}>{line}</p>) : <p role="status">{MSG.loading}</p>}
      <FormField id="close-reason" label={DECISION_MSG.closeReasonField}>
        {(a) => (
          <select {...a} className="select" value={reason} data-autofocus onChange={(e) => setReason(e.target.value as DeclineReason)}>
            {DECLINE_REASONS.map((r) => <option key={r} value={r}>{DECISION_MSG.reasonLabel(r)}</option>)}
          </select>
        )}
      </FormField>
      <FormField id="close-note" label={DECISION_MSG.closeNoteLabel} error={problem}>
        {(a) => <textarea {...a} className="textarea" rows={3} maxLength={DECISION_LIMITS.noteMax} value={note} onChange={(e) => { setNote(e.target.value); setProblem(null); }} />}
      </FormField>
      <div className="confirm-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>{BOARD_MSG.cancel}</button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={close.isPending || !live}
          onClick={() => {
            setProblem(null);
            if (lines) close.mutate({ body: { reason, ...(note.trim() ? { note: note.trim() } : {}) }, said: lines });
          }}
        >
          {DECISION_MSG.closeConfirm}
        </button>
      </div>
    </dialog>
  );
}
