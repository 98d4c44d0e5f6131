/**
 * What a reloaded page offers (docs/media.md, "Resumable uploads"): each upload for
 * `target` that stopped, with how far it got. A chosen file continues where it stopped
 * when it is the same file; a recording kept in this browser continues with one button.
 */
import { UPLOAD_MSG_WEB } from '../../contract/media-playback';
import { keptBytes, unfinishedUploads, useUnfinishedUploads } from '../lib/unfinished-uploads';
import './media-player.css';

interface Props {
  target: string;
  /** Opens the file chooser: the same file continues. */
  onChoose?: () => void;
  /** Sends a kept recording again. */
  onContinue?: (file: File) => void;
  disabled?: boolean;
}

export function UnfinishedUploads({ target, onChoose, onContinue, disabled }: Props) {
  const list = useUnfinishedUploads(target);
  if (list.length === 0) return null;
  return (
    <ul className="unfinished-uploads">
      {list.map((u) => {
        const percent = u.size > 0 ? Math.floor((u.sent / u.size) * 100) : 0;
        return (
          <li key={u.fingerprint} className="unfinished-uploads__item" role="status">
            <p>{u.kept ? UPLOAD_MSG_WEB.unfinishedRecording(percent) : UPLOAD_MSG_WEB.unfinished(u.name, percent)}</p>
            <div className="unfinished-uploads__actions">
              {u.kept && onContinue ? (
                <button
                  type="button"
                  className="btn"
                  disabled={disabled}
                  onClick={() => void keptBytes(u.fingerprint).then((file) => (file ? onContinue(file) : unfinishedUploads.forget(u.fingerprint)))}
                >
                  {UPLOAD_MSG_WEB.continueRecording}
                </button>
              ) : (
                onChoose && (
                  <button type="button" className="btn" disabled={disabled} onClick={onChoose}>
                    {UPLOAD_MSG_WEB.chooseAgain}
                  </button>
                )
              )}
              <button type="button" className="btn btn-secondary" disabled={disabled} onClick={() => unfinishedUploads.forget(u.fingerprint)}>
                {UPLOAD_MSG_WEB.forget}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
