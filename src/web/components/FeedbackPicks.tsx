/**
 * What review links' viewers said of an applicant (docs/self-tapes.md, "Feedback"): each
 * pick with the viewer's name and the link's label, and in full (the card, a link's list)
 * the comment with its line breaks. Studio screens only; the performer never sees it.
 */
import type { FeedbackPick } from '../../contract/self-tapes-messages';
import { TAPE_MSG } from '../../contract/self-tapes-messages';
import { formatTime } from '../lib/dates';
import './feedback-picks.css';

interface Item {
  name: string;
  label?: string | null;
  pick: FeedbackPick;
  comment: string;
  updatedAt: string;
  /** Whom it is about, on a link's list. */
  about?: string;
}

export function FeedbackPicks({ feedback, full = false, label = TAPE_MSG.feedbackTitle }: { feedback: readonly Item[]; full?: boolean; label?: string }) {
  if (feedback.length === 0) return full ? <p className="muted">{TAPE_MSG.feedbackNone}</p> : null;
  return (
    <ul className={full ? 'feedback-picks feedback-picks--full' : 'feedback-picks'} aria-label={label}>
      {feedback.map((f) => (
        <li key={`${f.about ?? ''}-${f.name}-${f.label ?? ''}-${f.updatedAt}`} className="feedback-picks-item">
          <span className={`feedback-picks-pick feedback-picks-pick--${f.pick}`}>{TAPE_MSG.feedbackPickLabel[f.pick]}</span>{' '}
          {f.about && <strong>{f.about}: </strong>}
          <span>{TAPE_MSG.feedbackFrom(f.name, f.label ?? null)}</span>
          {full && f.comment && <p className="feedback-picks-comment">{f.comment}</p>}
          {full && <span className="muted feedback-picks-at"> {formatTime(f.updatedAt)}</span>}
        </li>
      ))}
    </ul>
  );
}
