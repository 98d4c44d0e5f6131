/**
 * The performer's self-tape requests on /applications (docs/self-tapes.md): accept or
 * decline (declining confirms once: it tells the studio and cannot be undone), read the
 * stamped sides once accepted, send or replace the tape until the deadline, and see
 * "Watched" once the studio played it.
 */
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TAPE_LIMITS, TAPE_MSG } from '../../../contract/self-tapes-messages';
import { ENDS_MSG } from '../../../contract/decision-ends-texts';
import type { TapeRequest } from '../../../contract/self-tapes';
import { useAnswerTapeRequest } from '../../api/answer-tape-request';
import { useMyTapeRequests } from '../../api/my-tape-requests';
import { useOpenSides } from '../../api/tape-sides';
import { formatClock, formatDay } from '../../lib/dates';
import { Link } from 'react-router';
import { RECORD_MSG } from '../../../contract/media-playback';
import { TapeFileForm } from './TapeFileForm';
import { VideoPlayer } from '../../components/VideoPlayer';

export function TapeRequests() {
  const mine = useMyTapeRequests();
  if (!mine.data || mine.data.tapeRequests.length === 0) return null;
  return (
    <section aria-labelledby="tape-requests" className="applications-group">
      <h2 id="tape-requests">{TAPE_MSG.requestsTitle}</h2>
      <ul className="applications-list">
        {mine.data.tapeRequests.map((r) => (
          <TapeRequestCard key={r._id} r={r} />
        ))}
      </ul>
    </section>
  );
}

function TapeRequestCard({ r }: { r: TapeRequest }) {
  const [problem, setProblem] = useState('');
  const [sent, setSent] = useState(false);
  const [askingDecline, setAskingDecline] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const status = useRef<HTMLParagraphElement>(null);
  const answer = useAnswerTapeRequest({
    onSuccess: (_, vars) => {
      if (vars.answer === 'decline') setReason('');
      status.current?.focus();
    },
    onError: (error) => setProblem(error.message),
  });
  const sides = useOpenSides({
    onSuccess: (url) => {
      window.open(url, '_blank', 'noopener');
      status.current?.focus();
    },
    onError: (error) => setProblem(error.message),
  });
  const busy = answer.isPending || sides.isPending;
  const open = r.status === 'accepted' || r.status === 'submitted' || r.status === 'retake';
  return (
    <li className="card application-card tape-request">
      <h3>
        {r.job.title}
        {r.role && r.role.name !== r.job.title ? ` · ${r.role.name}` : ''}
      </h3>
      <p className="muted">{r.studio.fname}</p>
      <p ref={status} tabIndex={-1} className="tape-request__status">
        {TAPE_MSG.statusLabel[r.status]} · {TAPE_MSG.due(`${formatDay(r.deadline)}, ${formatClock(r.deadline)}`)}
        {r.tape && <> · {r.tape.watchedAt ? <strong>{TAPE_MSG.watched}</strong> : TAPE_MSG.notWatched}</>}
      </p>
      {sent && <p role="status">{TAPE_MSG.tapeSent}</p>}
      {r.instructions && <p className="tape-request__instructions">{r.instructions}</p>}
      {r.status === 'retake' && r.retakeNote && <p>{TAPE_MSG.retakeAsked(r.retakeNote)}</p>}
      {r.status === 'ended' && <p className="muted">{ENDS_MSG.endedHint}</p>}
      {r.status === 'requested' && (
        <div className="tape-request__actions">
          <button type="button" className="btn" disabled={busy} onClick={() => { setProblem(''); answer.mutate({ id: r._id, answer: 'accept' }); }}>
            {TAPE_MSG.accept}
          </button>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setAskingDecline(true)}>
            {TAPE_MSG.decline}
          </button>
          <ConfirmDialog
            open={askingDecline}
            title={TAPE_MSG.declineTitle}
            message={TAPE_MSG.confirmDecline}
            confirmLabel={TAPE_MSG.decline}
            onCancel={() => setAskingDecline(false)}
            onConfirm={() => {
              setAskingDecline(false);
              setProblem('');
              answer.mutate({ id: r._id, answer: 'decline', reason });
            }}
          >
            <div className="confirm-field">
              <label htmlFor={reasonId}>{TAPE_MSG.declineReason}</label>
              <textarea id={reasonId} value={reason} maxLength={TAPE_LIMITS.declineReasonMax} onChange={(e) => setReason(e.target.value)} />
            </div>
          </ConfirmDialog>
        </div>
      )}
      {open && r.sidesPages !== null && (
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => { setProblem(''); sides.mutate(r._id); }}>
          {TAPE_MSG.readSides(r.sidesPages)}
        </button>
      )}
      {r.tape && <VideoPlayer className="tape-request__tape" video={r.tape} label={TAPE_MSG.playTape(r.job.title)} />}
      {open && (
        <Link className="btn tape-request__record" to={`/applications/tapes/${encodeURIComponent(r._id)}/record`}>
          {RECORD_MSG.recordHere}
        </Link>
      )}
      {open && (
        <TapeFileForm
          requestId={r._id}
          hasTape={r.tape !== null}
          onSent={() => {
            setSent(true);
            status.current?.focus();
          }}
        />
      )}
      {problem && <p role="alert">{problem}</p>}
    </li>
  );
}
