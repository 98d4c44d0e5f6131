/**
 * Each person's rating of an applicant and their average (docs/team.md, "Ratings per
 * person"), shown on the studio's applicant card above the caller's own rating form.
 */
import type { StudioApplication } from '../../contract/applications';
import { WHO_MSG } from '../../contract/who-did-what-texts';
import './person-ratings.css';

export function ApplicantReviews({ reviews, average }: { reviews: StudioApplication['reviews']; average: number | null }) {
  const rated = reviews.filter((r) => r.rating !== null).length;
  return (
    <section className="person-ratings" aria-label={WHO_MSG.reviewsTitle}>
      <h3>{WHO_MSG.reviewsTitle}</h3>
      {average === null ? <p className="muted">{WHO_MSG.noRatings}</p> : <p>{WHO_MSG.ratingAverage(average, rated)}</p>}
      {reviews.length > 0 && (
        <ul>
          {reviews.map((r) => (
            <li key={r.by._id}>
              {WHO_MSG.reviewLine(r.by.name, r.rating)}
              {r.note && <span className="muted"> — {r.note}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
