/**
 * /applications/tapes/{id}/record, "Record here" (docs/media.md, "Recording"): the
 * camera's preview with the stamped sides beside it on a wide screen and under it on a
 * phone, a 3-2-1 countdown, stop, watch the take back, record again, then send it
 * resumably (the take is kept in this browser until sent, so a reload can continue). A
 * camera refused or absent is said plainly, with the file upload offered instead.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { RECORD_MSG, UPLOAD_MSG_WEB } from '../../../contract/media-playback';
import { TAPE_MSG } from '../../../contract/self-tapes-messages';
import type { TapeRequest } from '../../../contract/self-tapes';
import { MSG } from '../../../contract/messages';
import { useMyTapeRequests } from '../../api/my-tape-requests';
import { tapeTarget, useSendTape } from '../../api/send-tape';
import { UnfinishedUploads } from '../../components/UnfinishedUploads';
import { openSides } from '../../api/tape-sides';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TapeFileForm } from './TapeFileForm';
import './applications.css';

type Phase = 'starting' | 'ready' | 'countdown' | 'recording' | 'review' | 'sending' | 'sent';

/** Why the camera cannot be used, in the performer's words. */
function cameraProblem(err: unknown): string {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return RECORD_MSG.cameraRefused;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return RECORD_MSG.cameraMissing;
  return RECORD_MSG.cameraFailed;
}

export default function RecordTapePage() {
  const { id = '' } = useParams();
  const mine = useMyTapeRequests();
  const request = mine.data?.tapeRequests.find((r) => r._id === id);
  useDocumentTitle(request ? RECORD_MSG.title(request.job.title) : undefined);
  if (mine.isPending) return <main className="page record"><p role="status">{MSG.loading}</p></main>;
  const open = request && (request.status === 'accepted' || request.status === 'submitted' || request.status === 'retake');
  if (!request || !open) {
    return (
      <main className="page record">
        <h1 tabIndex={-1}>{RECORD_MSG.recordHere}</h1>
        <p>{request ? RECORD_MSG.notOpen : RECORD_MSG.notFound}</p>
        <Link to="/applications">{RECORD_MSG.backToRequests}</Link>
      </main>
    );
  }
  return <Recorder request={request} />;
}

function Recorder({ request }: { request: TapeRequest }) {
  const [phase, setPhase] = useState<Phase>('starting');
  const [count, setCount] = useState(3);
  const [problem, setProblem] = useState('');
  const [cameraError, setCameraError] = useState('');
  const [progress, setProgress] = useState('');
  const [take, setTake] = useState<{ file: File; url: string } | null>(null);
  const [seconds, setSeconds] = useState(0);
  const preview = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const takeHeading = useRef<HTMLHeadingElement>(null);
  const result = useRef<HTMLParagraphElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const againAsked = useRef(false);
  const startButton = useRef<HTMLButtonElement>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);

  // The camera and microphone, asked once when the page opens and released when it goes.
  useEffect(() => {
    let live = true;
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setCameraError(RECORD_MSG.cameraUnsupported);
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 720 } }, audio: true })
      .then((s) => {
        if (!live) return s.getTracks().forEach((t) => t.stop());
        stream.current = s;
        if (preview.current) preview.current.srcObject = s;
        setPhase('ready');
      })
      .catch((err: unknown) => live && setCameraError(cameraProblem(err)));
    return () => {
      live = false;
      stream.current?.getTracks().forEach((t) => t.stop());
      if (recorder.current?.state === 'recording') recorder.current.stop();
    };
  }, []);

  // The preview element is shown again after a take was watched: give it the stream back.
  useEffect(() => {
    if ((phase === 'ready' || phase === 'countdown' || phase === 'recording') && preview.current && stream.current && preview.current.srcObject !== stream.current) {
      preview.current.srcObject = stream.current;
    }
  }, [phase]);

  useEffect(() => () => {
    if (take) URL.revokeObjectURL(take.url);
  }, [take]);

  // 3, 2, 1, then recording.
  useEffect(() => {
    if (phase !== 'countdown') return;
    if (count === 0) {
      begin();
      return;
    }
    const t = window.setTimeout(() => setCount((n) => n - 1), 1000);
    return () => window.clearTimeout(t);
  }, [phase, count]);

  // Focus lands on each phase's result once React has drawn it (a timer set beside the state
  // change may run first): Stop while recording, the take to watch back, Start after "again".
  useEffect(() => {
    if (phase === 'review') takeHeading.current?.focus();
    if (phase === 'ready' && againAsked.current) {
      againAsked.current = false;
      startButton.current?.focus();
    }
  }, [phase]);

  useEffect(() => {
    if (phase !== 'recording') return;
    stopButton.current?.focus();
    const started = Date.now();
    const t = window.setInterval(() => setSeconds((Date.now() - started) / 1000), 500);
    return () => window.clearInterval(t);
  }, [phase]);

  function begin() {
    if (!stream.current) return;
    const chunks: Blob[] = [];
    const rec = new MediaRecorder(stream.current);
    recorder.current = rec;
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    rec.onstop = () => {
      const type = (rec.mimeType || 'video/webm').split(';')[0]!;
      const ext = type.includes('mp4') ? 'mp4' : 'webm';
      const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
      const file = new File(chunks, `tape-${stamp}.${ext}`, { type });
      setTake({ file, url: URL.createObjectURL(file) });
      setPhase('review');
    };
    rec.start(1000);
    setSeconds(0);
    setPhase('recording');
  }

  function again() {
    setTake(null);
    setProblem('');
    againAsked.current = true;
    setPhase('ready');
  }

  const sending = useSendTape({
    onSuccess: () => {
      stream.current?.getTracks().forEach((t) => t.stop());
      setProgress('');
      setPhase('sent');
      window.setTimeout(() => result.current?.focus(), 0);
    },
    onError: (err) => {
      setProgress('');
      setProblem(err.message);
      setPhase('review');
      window.setTimeout(() => problemRef.current?.focus(), 0);
    },
  });

  /** Sends the take (or a recording kept from before a reload, which becomes the take). */
  function send(file = take?.file) {
    if (!file || sending.isPending) return;
    if (file !== take?.file) setTake({ file, url: URL.createObjectURL(file) });
    setPhase('sending');
    setProblem('');
    sending.mutate({ requestId: request._id, file, keep: true, onProgress: (n) => setProgress(UPLOAD_MSG_WEB.sending(n)), onRetry: () => setProgress(UPLOAD_MSG_WEB.retrying) });
  }

  const role = request.role && request.role.name !== request.job.title ? ` · ${request.role.name}` : '';
  return (
    <main className="page record">
      <h1 tabIndex={-1}>{RECORD_MSG.title(request.job.title)}</h1>
      <p className="muted">
        {request.studio.fname}
        {role}
      </p>
      {request.instructions && (
        <details className="record-instructions">
          <summary>{RECORD_MSG.instructions}</summary>
          <p>{request.instructions}</p>
        </details>
      )}
      {phase === 'sent' ? (
        <section className="record-done">
          <p ref={result} tabIndex={-1} role="status" className="record-done__text">
            {RECORD_MSG.sent}
          </p>
          <Link className="btn" to="/applications">
            {RECORD_MSG.backToRequests}
          </Link>
        </section>
      ) : (
        <div className="record-stage">
          <section className="record-camera" aria-label={RECORD_MSG.preview}>
            {cameraError ? (
              <div className="record-camera__problem">
                <p role="alert" tabIndex={-1}>
                  {cameraError}
                </p>
                <h2>{RECORD_MSG.useFile}</h2>
                <TapeFileForm requestId={request._id} hasTape={request.tape !== null} onSent={() => setPhase('sent')} />
              </div>
            ) : phase === 'review' || phase === 'sending' ? (
              <>
                <h2 ref={takeHeading} tabIndex={-1}>
                  {RECORD_MSG.watchBack}
                </h2>
                {take && <video className="record-camera__video" src={take.url} controls playsInline aria-label={RECORD_MSG.watchBack} />}
                <p className="muted">{RECORD_MSG.takeLength(seconds)}</p>
                {problem && (
                  <p ref={problemRef} tabIndex={-1} role="alert" className="field-error">
                    {problem}
                  </p>
                )}
                <div className="record-camera__actions">
                  <button type="button" className="btn" disabled={phase === 'sending'} onClick={() => send()}>
                    {RECORD_MSG.send}
                  </button>
                  <button type="button" className="btn btn-secondary" disabled={phase === 'sending'} onClick={again}>
                    {RECORD_MSG.again}
                  </button>
                </div>
                {progress && <p role="status">{progress}</p>}
              </>
            ) : (
              <>
                <div className="record-camera__frame">
                  <video ref={preview} className="record-camera__video" autoPlay muted playsInline aria-label={RECORD_MSG.preview} />
                  {phase === 'countdown' && (
                    <p className="record-camera__count" aria-live="assertive">
                      <span aria-hidden="true">{count}</span>
                      <span className="visually-hidden">{RECORD_MSG.countdown(count)}</span>
                    </p>
                  )}
                  {phase === 'recording' && (
                    <p className="record-camera__live" role="status">
                      {RECORD_MSG.recording} {Math.floor(seconds / 60)}:{String(Math.floor(seconds % 60)).padStart(2, '0')}
                    </p>
                  )}
                </div>
                {phase === 'starting' && <p role="status">{RECORD_MSG.cameraStarting}</p>}
                {phase === 'ready' && <UnfinishedUploads target={tapeTarget(request._id)} onContinue={(file) => send(file)} />}
                <div className="record-camera__actions">
                  {phase === 'recording' ? (
                    <button ref={stopButton} type="button" className="btn btn-danger" onClick={() => recorder.current?.stop()}>
                      {RECORD_MSG.stop}
                    </button>
                  ) : (
                    <button
                      ref={startButton}
                      type="button"
                      className="btn"
                      disabled={phase !== 'ready'}
                      onClick={() => {
                        setCount(3);
                        setPhase('countdown');
                      }}
                    >
                      {RECORD_MSG.start}
                    </button>
                  )}
                </div>
              </>
            )}
          </section>
          <Sides request={request} />
        </div>
      )}
    </main>
  );
}

/**
 * The stamped sides beside the camera: the PDF, fetched with the account's token, shown by
 * the browser's own PDF viewer in a frame, with a link to open it in a tab (a phone's
 * browser may show only a link there). docs/media.md says why not pdf.js.
 */
function Sides({ request }: { request: TapeRequest }) {
  const [url, setUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    if (request.sidesPages === null) return;
    let made: string | null = null;
    let live = true;
    openSides(request._id).then(
      (u) => {
        made = u;
        if (live) setUrl(u);
        else URL.revokeObjectURL(u);
      },
      (err: unknown) => live && setProblem((err as Error).message),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [request._id, request.sidesPages]);
  return (
    <section className="record-sides" aria-labelledby="record-sides-h">
      <h2 id="record-sides-h">{request.sidesPages === null ? RECORD_MSG.sides : `${RECORD_MSG.sides} · ${TAPE_MSG.sidesPages(request.sidesPages)}`}</h2>
      {request.sidesPages === null ? (
        <p className="muted">{RECORD_MSG.noSides}</p>
      ) : problem ? (
        <p role="alert">{problem}</p>
      ) : url ? (
        <>
          <iframe className="record-sides__pages" src={url} title={RECORD_MSG.sides} />
          <a href={url} target="_blank" rel="noopener noreferrer">
            {RECORD_MSG.openSides}
          </a>
        </>
      ) : (
        <p role="status">{RECORD_MSG.sidesLoading}</p>
      )}
    </section>
  );
}
