/**
 * The one question before a final move, Book or Decline, of one applicant or a batch
 * (docs/applications.md, "The applicant board"): a decline asks for a reason from the
 * list and an optional note for the performer; Book may carry a note. The performer is
 * told only after the 30 seconds to undo.
 */
import { useId, useRef, useState } from 'react';
import { DECISION_LIMITS, DECISION_MSG, DECLINE_REASONS, type DeclineReason } from '../../../contract/decisions-messages';
import { BOARD_MSG } from '../../../contract/board-messages';
import { APP_MSG } from '../../../contract/applications-messages';
import { useUndoSeconds } from '../../api/config';
import { FormField } from '../../components/FormField';
import { keepTabInside, useModalDialog } from '../../components/modal-dialog';
import '../../components/confirm-dialog.css';

export interface Decision {
  status: 'booked' | 'declined';
  reason?: DeclineReason;
  note?: string;
}

interface Props {
  status: 'booked' | 'declined';
  /** Who is decided on: a name, or "3 applicants". */
  who: string;
  /** How many applicants: the performer or the performers are told. */
  count: number;
  onConfirm(decision: Decision): void;
  /** The decision's write is running (its hook's isPending): confirm is off meanwhile. */
  pending: boolean;
  onCancel(): void;
}

export function DecisionDialog({ status, who, count, onConfirm, onCancel, pending }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref);
  const titleId = useId();
  const undoSeconds = useUndoSeconds();
  const [reason, setReason] = useState<DeclineReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const declining = status === 'declined';

  function confirm() {
    if (declining && !reason) {
      setProblem(DECISION_MSG.reasonRequired);
      document.getElementById('decision-reason')?.focus();
      return;
    }
    onConfirm({ status, ...(declining && reason ? { reason } : {}), ...(note.trim() ? { note: note.trim() } : {}) });
  }

  return (
    <dialog ref={ref} className="confirm-dialog card decision-dialog" aria-labelledby={titleId} onCancel={(e) => { e.preventDefault(); onCancel(); }} onKeyDown={keepTabInside}>
      <h2 id={titleId}>{declining ? BOARD_MSG.declineTitle(who) : BOARD_MSG.bookTitle(who)}</h2>
      <p>{DECISION_MSG.undoHint(undoSeconds, count)}</p>
      {declining && (
        <FormField id="decision-reason" label={DECISION_MSG.reasonField} error={problem}>
          {(a) => (
            <select {...a} className="select" value={reason} data-autofocus onChange={(e) => { setReason(e.target.value as DeclineReason); setProblem(null); }}>
              <option value="">{DECISION_MSG.chooseReason}</option>
              {DECLINE_REASONS.map((r) => <option key={r} value={r}>{DECISION_MSG.reasonLabel(r)}</option>)}
            </select>
          )}
        </FormField>
      )}
      <FormField id="decision-note" label={DECISION_MSG.noteLabel}>
        {(a) => <textarea {...a} className="textarea" rows={3} maxLength={DECISION_LIMITS.noteMax} value={note} onChange={(e) => setNote(e.target.value)} />}
      </FormField>
      <div className="confirm-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} {...(declining ? {} : { 'data-autofocus': true })}>{BOARD_MSG.cancel}</button>
        <button type="button" className={declining ? 'btn btn-danger' : 'btn'} disabled={pending} onClick={confirm}>{APP_MSG.action(status)}</button>
      </div>
    </dialog>
  );
}
