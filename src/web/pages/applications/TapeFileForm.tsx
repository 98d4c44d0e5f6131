/**
 * Sending a tape as a file, resumably (docs/media.md): the chooser, the progress
 * ("Sending… 40%", "The connection dropped. Trying again…"), a refusal or a lost connection
 * at the field, and the unfinished upload a reload offers to continue (the same file, or a
 * recording kept in this browser). Used on each request of /applications and on the record
 * screen when the camera cannot be used.
 */
import { useId, useRef, useState } from 'react';
import { UPLOAD_MSG_WEB } from '../../../contract/media-playback';
import { TAPE_MSG } from '../../../contract/self-tapes-messages';
import { tapeTarget, useSendTape } from '../../api/send-tape';
import { UnfinishedUploads } from '../../components/UnfinishedUploads';

interface Props {
  requestId: string;
  hasTape: boolean;
  /** After the tape was taken: the parent says so and moves the focus there. */
  onSent: () => void;
}

export function TapeFileForm({ requestId, hasTape, onSent }: Props) {
  const [problem, setProblem] = useState('');
  const [progress, setProgress] = useState('');
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const sending = useSendTape({
    onSuccess: () => {
      setProgress('');
      if (input.current) input.current.value = '';
      onSent();
    },
    onError: (error) => {
      setProgress('');
      setProblem(error.message);
      input.current?.focus();
    },
  });
  const busy = sending.isPending;
  const send = (file: File, keep: boolean) => {
    setProblem('');
    sending.mutate({ requestId, file, keep, onProgress: (n) => setProgress(UPLOAD_MSG_WEB.sending(n)), onRetry: () => setProgress(UPLOAD_MSG_WEB.retrying) });
  };
  return (
    <>
      <UnfinishedUploads target={tapeTarget(requestId)} disabled={busy} onChoose={() => input.current?.click()} onContinue={(file) => send(file, true)} />
      <form
        className="tape-file"
        onSubmit={(e) => {
          e.preventDefault();
          const file = input.current?.files?.[0];
          if (!file) {
            setProblem(TAPE_MSG.tapeNotVideo);
            input.current?.focus();
            return;
          }
          send(file, false);
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
          {hasTape ? TAPE_MSG.replaceTape : TAPE_MSG.sendTape}
        </button>
        {progress && (
          <p className="tape-file__progress" role="status">
            {progress}
          </p>
        )}
      </form>
    </>
  );
}
