/** The words the screens use to say who did what for a studio (docs/team.md, "Who did what"). */
import type { HistoryAction } from './applications.js';

export const ACTION_LABELS: Record<HistoryAction, string> = {
  undo: 'Undone',
  note: 'Note written',
  tape_request: 'Self-tape requested',
  retake: 'Retake requested',
  review_link: 'Review link made',
  slot: 'Audition time changed',
};

export const WHO_MSG = {
  /** "Declined by Asha Rao". */
  by: (what: string, name: string) => `${what} by ${name}`,
  actionLabel: (a: HistoryAction) => ACTION_LABELS[a],
  /** Under a studio's own message: "Sent by Asha Rao". */
  sentBy: (name: string) => `Sent by ${name}`,
  /** Beside a check-in on the schedule: "by Asha Rao". */
  markedBy: (name: string) => `by ${name}`,
  reviewsTitle: 'Ratings',
  ratingAverage: (avg: number, count: number) => `Average ★ ${avg.toFixed(1)} of ${count}`,
  noRatings: 'No ratings yet.',
  reviewLine: (name: string, rating: number | null) => (rating === null ? `${name}: not rated` : `${name}: ★ ${rating}`),
} as const;
