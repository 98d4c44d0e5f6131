/**
 * The performer's self-tape requests on /applications (docs/self-tapes.md): accept or
 * decline (declining confirms once: it tells the studio and cannot be undone), read the
 * stamped sides once accepted, send or replace the tape until the deadline, and see
 * "Watched" once the studio played it.
 */
import { useId, useRef, useState } from 'react';
import { TAPE_MSG } from '../../../contract/self-tapes-messages';
import type { TapeRequest } from '../../../contract/self-tapes';
import { answerTapeRequest } from '../../api/answer-tape-request';
import { useMyTapeRequests } from '../../api/my-tape-requests';
import { sendTape } from '../../api/send-tape';
import { openSides } from '../../api/tape-sides';
import { formatClock, formatDay } from '../../lib/dates';

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
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const open = r.status === 'accepted' || r.status === 'submitted' || r.status === 'retake';
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setProblem('');
    try {
      await work();
      status.current?.focus();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="card tape-request">
      <h3>
        {r.job.title}
        {r.role ? ` · ${r.role.name}` : ''}
      </h3>
      <p className="muted">{r.studio.fname}</p>
      <p ref={status} tabIndex={-1} className="tape-request__status">
        {TAPE_MSG.statusLabel[r.status]} · {TAPE_MSG.due(`${formatDay(r.deadline)}, ${formatClock(r.deadline)}`)}
        {r.tape && <> · {r.tape.watchedAt ? <strong>{TAPE_MSG.watched}</strong> : TAPE_MSG.notWatched}</>}
      </p>
      {sent && <p role="status">{TAPE_MSG.tapeSent}</p>}
      {r.instructions && <p className="tape-request__instructions">{r.instructions}</p>}
      {r.status === 'retake' && r.retakeNote && <p>{TAPE_MSG.retakeAsked(r.retakeNote)}</p>}
      {r.status === 'requested' && (
        <div className="tape-request__actions">
          <button type="button" className="btn" disabled={busy} onClick={() => run(() => answerTapeRequest(r._id, 'accept'))}>
            {TAPE_MSG.accept}
          </button>
          <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => window.confirm(TAPE_MSG.confirmDecline) && run(() => answerTapeRequest(r._id, 'decline'))}>
            {TAPE_MSG.decline}
          </button>
        </div>
      )}
      {open && r.sidesPages !== null && (
        <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => run(async () => window.open(await openSides(r._id), '_blank', 'noopener'))}>
          {TAPE_MSG.readSides(r.sidesPages)}
        </button>
      )}
      {open && (
        <form
          className="tape-request__upload"
          onSubmit={(e) => {
            e.preventDefault();
            const file = input.current?.files?.[0];
            if (!file) return setProblem(TAPE_MSG.tapeNotVideo);
            void run(async () => {
              await sendTape(r._id, file);
              setSent(true);
            });
          }}
        >
          <label htmlFor={fileId}>{TAPE_MSG.chooseTape}</label>
          <input id={fileId} ref={input} type="file" accept="video/mp4,video/quicktime,video/webm" aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${fileId}-problem` : undefined} />
          {problem && (
            <p id={`${fileId}-problem`} role="alert" className="field-error">
              {problem}
            </p>
          )}
          <button type="submit" className="btn" disabled={busy}>
            {r.tape ? TAPE_MSG.replaceTape : TAPE_MSG.sendTape}
          </button>
        </form>
      )}
      {!open && problem && <p role="alert">{problem}</p>}
    </li>
  );
}
