/** The studio's private rating (1–5) and note of a performer, PUT /api/studio/talent/{id}/review. */
import { useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { reviewFields } from '../../../contract/field-rules';
import type { Review } from '../../../contract/talent';
import { TALENT_LIMITS } from '../../../contract/talent-limits';
import { TALENT_MSG } from '../../../contract/talent-messages';
import { useSaveTalentReview } from '../../api/save-talent-review';
import { useToast } from '../../components/Toasts';
import { FieldGroup, FormField } from '../../components/FormField';
import { useFieldProblems } from '../../components/useFieldProblems';

// The form's order: focus goes to the first wrong field.
const IDS = { rating: 'rating', note: 'review-note' };
const rules = z.object(reviewFields);

export function ReviewForm({ performerId, review }: { performerId: string; review: Review | null }) {
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [note, setNote] = useState(review?.note ?? '');
  const fields = useFieldProblems(rules, IDS);
  const toast = useToast();
  // The server's `field` says where; a refusal of the whole save is a toast.
  const save = useSaveTalentReview({
    fields: IDS,
    onSuccess: () => toast(TALENT_MSG.reviewSaved, 'success'),
    onProblem: (field, msg) => fields.setProblem(field, msg),
    onError: (err) => toast(err.message),
  });
  const busy = save.isPending;

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    // Every problem at its field, focus on the first (a rating not chosen: the stars' group).
    if (!fields.check({ rating, note })) return;
    save.mutate({ performerId, body: { rating, note } });
  }

  return (
    <form className="review-form" onSubmit={handleSubmit} noValidate>
      <FieldGroup className="rating" id="rating" legend={TALENT_MSG.yourRating} error={fields.problems.rating}>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="rating-star">
            <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => {
                setRating(n);
                fields.clear('rating');
              }} aria-label={TALENT_MSG.stars(n)} />
            <span aria-hidden="true">{n <= rating ? '★' : '☆'}</span>
          </label>
        ))}
      </FieldGroup>
      <FormField id={IDS.note} label={TALENT_MSG.yourNote} hint={TALENT_MSG.reviewPrivate} error={fields.problems.note}>
        {(a11y) => (
          <textarea
            {...a11y}
            className="textarea"
            rows={3}
            maxLength={TALENT_LIMITS.noteMax}
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              fields.clear('note');
            }}
          />
        )}
      </FormField>
      <button type="submit" className="btn" disabled={busy}>{TALENT_MSG.saveReview}</button>
    </form>
  );
}
