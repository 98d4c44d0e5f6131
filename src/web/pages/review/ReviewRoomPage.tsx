/**
 * /review/{token}: a review room for producers and clients without an account
 * (docs/self-tapes.md, "Review links"): the shared performers' name, picture, age, height,
 * role, their tape in a player that seeks, and the media they sent. Never indexed: the
 * server sends the page with a robots meta tag and X-Robots-Tag. A viewer gives a name once
 * (kept in this browser) and then, per performer, a pick and a comment (docs/self-tapes.md,
 * "Feedback"); the picks this browser sent are kept in it too, so a reload shows them.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { MSG } from '../../../contract/messages';
import { personName } from '../../../contract/names';
import { TAPE_MSG } from '../../../contract/self-tapes-messages';
import { FEEDBACK_PICKS, TAPE_LIMITS, type FeedbackPick } from '../../../contract/self-tapes-messages';
import type { ReviewAnswer } from '../../../contract/self-tapes';
import { ApiError } from '../../api/client';
import { useGiveFeedback } from '../../api/give-feedback';
import { FieldError, FieldGroup, FormField, TextField } from '../../components/FormField';
import { useReviewRoom } from '../../api/review-room';
import { NO_RULES, useFieldProblems } from '../../components/useFieldProblems';
import { VideoPlayer } from '../../components/VideoPlayer';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import NotFoundPage from '../common/NotFoundPage';
import './review.css';
import { heightShown } from '../../../contract/units';

export default function ReviewRoomPage() {
  const { token = '' } = useParams();
  const room = useReviewRoom(token);
  useDocumentTitle(room.data && `${room.data.job.title} · ${room.data.studio.fname}`);
  if (room.error instanceof ApiError && room.error.status === 404) return <NotFoundPage />;
  const ended = room.error instanceof ApiError && room.error.status === 410;
  return (
    <main className="page review-room">
      {room.isPending && <p role="status">{MSG.loading}</p>}
      {ended && (
        <section>
          <h1 tabIndex={-1}>{TAPE_MSG.reviewLinkEnded}</h1>
        </section>
      )}
      {room.isError && !ended && <p role="alert">{room.error.message}</p>}
      {room.data && <Room room={room.data} />}
    </main>
  );
}

const NAME_KEY = 'audition.review.name';
const PICKS_KEY = 'audition.review.picks';
type Sent = { pick: FeedbackPick; comment: string };
const readPicks = (): Record<string, Sent> => {
  try {
    return (JSON.parse(localStorage.getItem(PICKS_KEY) ?? '{}') as Record<string, Sent>) ?? {};
  } catch {
    return {};
  }
};

function Room({ room }: { room: ReviewAnswer }) {
  const { token = '' } = useParams();
  const [name, setName] = useState(() => localStorage.getItem(NAME_KEY) ?? '');
  const [editing, setEditing] = useState(!name);
  return (
    <>
      <h1>{room.job.title}</h1>
      <p className="review-room__studio">{room.studio.fname}</p>
      {editing ? (
        <NameForm
          initial={name}
          onSave={(n) => {
            localStorage.setItem(NAME_KEY, n);
            setName(n);
            setEditing(false);
            window.setTimeout(() => document.getElementById('review-room-as')?.focus(), 50);
          }}
        />
      ) : (
        <p className="review-room__as">
          <span id="review-room-as" tabIndex={-1}>{TAPE_MSG.feedbackAs(name)}</span>{' '}
          <button type="button" className="btn btn-ghost" onClick={() => setEditing(true)}>{TAPE_MSG.feedbackChangeName}</button>
        </p>
      )}
      <p className="muted">{TAPE_MSG.feedbackPrivate}</p>
      <ul className="review-room__list">
        {room.performers.map((person) => ({ ...person, name: personName(person.name) })).map((p, i) => (
          <li key={i} className="review-room__card">
            <header className="review-room__who">
              {p.profilePic && <img src={p.profilePic} alt="" width={64} height={64} />}
              <div>
                <h2>{p.name}</h2>
                <p>{[p.role, p.age && `${p.age}`, heightShown(p.height)].filter(Boolean).join(' · ')}</p>
              </div>
            </header>
            {p.tape ? (
              <VideoPlayer className="review-room__tape" video={p.tape} label={`Self-tape: ${p.name}`} />
            ) : (
              <p>{TAPE_MSG.noTapeYet}</p>
            )}
            {p.media.length > 0 && (
              <ul className="review-room__media">
                {p.media.map((m) => (
                  <li key={m.url}>
                    {m.type === 'photos' ? (
                      <img src={m.url} alt={`${p.name}`} loading="lazy" />
                    ) : m.type === 'videos' ? (
                      <VideoPlayer className="review-room__video" video={m} label={`Video: ${p.name}`} preload="none" />
                    ) : (
                      <audio src={m.url} controls preload="none" aria-label={`Audio: ${p.name}`} />
                    )}
                  </li>
                ))}
              </ul>
            )}
            {!editing && <FeedbackForm token={token} performerId={p._id} performer={p.name} name={name} />}
          </li>
        ))}
      </ul>
    </>
  );
}

const NAME_IDS = { name: 'review-name' };

function NameForm({ initial, onSave }: { initial: string; onSave: (name: string) => void }) {
  const [value, setValue] = useState(initial);
  // The name is kept in this browser, not sent here: the check is the page's own.
  const fields = useFieldProblems(NO_RULES, NAME_IDS);
  function submit(e: FormEvent) {
    e.preventDefault();
    const n = value.trim();
    if (!fields.show({ name: n ? undefined : TAPE_MSG.feedbackNameRequired })) return;
    onSave(n);
  }
  return (
    <form className="card review-room__name" onSubmit={submit} noValidate>
      <TextField
        id={NAME_IDS.name}
        label={TAPE_MSG.feedbackName}
        hint={TAPE_MSG.feedbackNameHint}
        error={fields.problems.name}
        value={value}
        maxLength={TAPE_LIMITS.feedbackNameMax}
        autoComplete="name"
        onChange={(e) => {
          setValue(e.target.value);
          fields.clear('name');
        }}
      />
      <div className="form-actions">
        <button type="submit" className="btn">{TAPE_MSG.feedbackNameSave}</button>
      </div>
    </form>
  );
}

function FeedbackForm({ token, performerId, performer, name }: { token: string; performerId: string; performer: string; name: string }) {
  const [sent, setSent] = useState<Sent | undefined>(() => readPicks()[performerId]);
  const [pick, setPick] = useState<FeedbackPick | ''>(sent?.pick ?? '');
  const [comment, setComment] = useState(sent?.comment ?? '');
  const id = `fb-${performerId}`;
  // The form's order: focus goes to the first wrong field. `send` is no field: a refusal of the whole send.
  const ids = useMemo(() => ({ pick: `${id}-pick`, comment: `${id}-comment`, send: `${id}-send` }), [id]);
  const fields = useFieldProblems(NO_RULES, ids);
  const [status, setStatus] = useState('');
  const give = useGiveFeedback({
    // A refusal about the pick or the comment shows at it, with focus; any other under the send button.
    fields: { pick: ids.pick, comment: ids.comment },
    onSuccess: (done) => {
      const mine = { pick: done.pick, comment: done.comment };
      localStorage.setItem(PICKS_KEY, JSON.stringify({ ...readPicks(), [performerId]: mine }));
      setSent(mine);
      fields.reset();
      setStatus(TAPE_MSG.feedbackSent);
    },
    onProblem: (field, msg) => fields.setProblem(field, msg),
    // Under the send button (the link closed, say), not at a field; the focus stays on Send.
    onError: (err) => fields.show({ send: err.message }),
  });
  const busy = give.isPending;
  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!fields.show({ pick: pick ? undefined : TAPE_MSG.feedbackPickRequired }) || !pick) return;
    setStatus('');
    give.mutate({ token, body: { performerId, name, pick, comment } });
  }
  return (
    <form className="review-room__feedback" onSubmit={submit} noValidate aria-label={`${TAPE_MSG.feedbackTitle}: ${performer}`}>
      <FieldGroup id={ids.pick} className="review-room__picks" legend={TAPE_MSG.feedbackPick} error={fields.problems.pick}>
        {FEEDBACK_PICKS.map((p) => (
          <label key={p} className={`review-room__pick review-room__pick--${p}`}>
            <input
              type="radio"
              name={ids.pick}
              value={p}
              checked={pick === p}
              onChange={() => {
                setPick(p);
                fields.clear('pick');
              }}
            />{' '}
            {TAPE_MSG.feedbackPickLabel[p]}
          </label>
        ))}
      </FieldGroup>
      <FormField id={ids.comment} label={TAPE_MSG.feedbackComment} error={fields.problems.comment}>
        {(a11y) => <textarea className="textarea" rows={2} maxLength={TAPE_LIMITS.feedbackCommentMax} value={comment} onChange={(e) => { setComment(e.target.value); fields.clear('comment'); }} {...a11y} />}
      </FormField>
      <FieldError id={ids.send} error={fields.problems.send} />
      <div className="review-room__send">
        {/* aria-disabled while sending, not disabled: a disabled button drops the focus to the body. */}
        <button type="submit" className="btn" aria-disabled={busy}>{TAPE_MSG.feedbackSend}</button>
        <p role="status" className="muted">{status || (sent ? TAPE_MSG.feedbackSaved(TAPE_MSG.feedbackPickLabel[sent.pick]) : '')}</p>
      </div>
    </form>
  );
}
