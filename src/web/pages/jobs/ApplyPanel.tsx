/**
 * Apply on /jobs/{id} (docs/applications.md): the performer picks up to 10 of their own
 * photos, videos and audios and writes a note with a counter of what is left. Without a
 * plan, or with the period's applications used, the answer offers /subscription. A private
 * profile is told that this studio will see it.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { APPLICATION_LIMITS } from '../../../contract/applications-limits';
import { APP_MSG } from '../../../contract/applications-messages';
import { MSG } from '../../../contract/messages';
import { ApiError } from '../../api/client';
import { applyToJob, useMyApplications } from '../../api/my-applications';
import { useUserData } from '../../api/user-data';
import { FormField } from '../../components/FormField';

type Media = { url: string; type: 'photos' | 'videos' | 'audios' };

export function ApplyPanel({ jobId }: { jobId: string }) {
  const profile = useUserData();
  const mine = useMyApplications();
  const [note, setNote] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<{ msg: string; field?: 'note' | 'media'; plan?: boolean } | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const already = mine.data?.applications.some((a) => a.job._id === jobId);
  if (sent || already) {
    return (
      <div className="apply-done" role="status">
        <p>{sent ? APP_MSG.applied : APP_MSG.alreadyAppliedScreen}</p>
        <Link to="/applications">{APP_MSG.seeApplications}</Link>
      </div>
    );
  }
  if (!profile.user) return <p role="status" className="muted">{MSG.loading}</p>;
  const p = profile.user;
  const media: Media[] = [
    ...p.photos.map((url) => ({ url, type: 'photos' as const })),
    ...p.videos.map((url) => ({ url, type: 'videos' as const })),
    ...p.audios.map((url) => ({ url, type: 'audios' as const })),
  ];
  const full = chosen.length >= APPLICATION_LIMITS.mediaMax;

  function toggle(url: string) {
    setChosen((c) => (c.includes(url) ? c.filter((u) => u !== url) : c.length < APPLICATION_LIMITS.mediaMax ? [...c, url] : c));
  }

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    setSending(true);
    setError(null);
    try {
      await applyToJob(jobId, { note, media: chosen });
      setSent(true);
    } catch (err) {
      const msg = (err as Error).message;
      if (err instanceof ApiError && err.status === 402) setError({ msg, plan: true });
      else if (err instanceof ApiError && err.status === 400) setError({ msg, field: /^Note/.test(msg) ? 'note' : 'media' });
      else setError({ msg });
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="apply-form" onSubmit={handleSubmit} noValidate aria-labelledby="apply-title">
      <h2 id="apply-title">{APP_MSG.applyTitle}</h2>
      {p.visibility === 'private' && <p className="notice-private">{APP_MSG.privateWarning}</p>}
      <fieldset className="apply-media" aria-invalid={error?.field === 'media'} aria-describedby={error?.field === 'media' ? 'apply-media-error' : undefined}>
        <legend>{APP_MSG.chooseMedia(APPLICATION_LIMITS.mediaMax)}</legend>
        {media.length === 0 ? (
          <p className="muted">{APP_MSG.noMedia} <Link to="/media/photos">Photos</Link></p>
        ) : (
          <ul className="apply-media-list">
            {media.map((m, i) => (
              <li key={m.url}>
                <label className="apply-media-item">
                  <input type="checkbox" checked={chosen.includes(m.url)} disabled={full && !chosen.includes(m.url)} onChange={() => toggle(m.url)} />
                  {m.type === 'photos' ? <img src={m.url} alt={`Photo ${i + 1}`} /> : <span className="apply-media-kind">{m.type === 'videos' ? 'Video' : 'Audio'} {i + 1}</span>}
                </label>
              </li>
            ))}
          </ul>
        )}
        {media.length > 0 && <p className="muted">{chosen.length} / {APPLICATION_LIMITS.mediaMax}</p>}
        {error?.field === 'media' && <p id="apply-media-error" className="field-error" role="alert">{error.msg}</p>}
      </fieldset>
      <FormField id="apply-note" label={APP_MSG.noteLabel} error={error?.field === 'note' ? error.msg : null} hint={APP_MSG.charsLeft(APPLICATION_LIMITS.noteMax - note.length)}>
        {(a) => <textarea {...a} className="textarea" rows={5} maxLength={APPLICATION_LIMITS.noteMax} value={note} onChange={(e) => setNote(e.target.value)} />}
      </FormField>
      {error && !error.field && (
        <div className="apply-error" role="alert">
          <p>{error.msg}</p>
          {error.plan && <Link to="/subscription" className="btn btn-secondary">{APP_MSG.choosePlan}</Link>}
        </div>
      )}
      <button type="submit" className="btn btn-block" disabled={sending}>{APP_MSG.sendApplication}</button>
    </form>
  );
}
