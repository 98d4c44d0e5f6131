/** Turns application rows into the contract's shapes: the performer's view and the studio's. */
import { APP_MSG, DECISION_MSG, type ApplicationStatus, type Decision, type HistoryAction, type DeclineReason, type MyApplication, type StudioApplication } from '../../../contract/applications.js';
import { sql, type Column, type SQL } from 'drizzle-orm';
import { applications, type jobs, type users } from '../../db/schema/index.js';

type ApplicationRow = typeof applications.$inferSelect;
type JobRow = Pick<typeof jobs.$inferSelect, 'id' | 'title' | 'jobType' | 'location' | 'status' | 'deadline'>;
type StudioBrief = MyApplication['studio'];
/** The role applied to; null only if the row lost it, then shown by the job's title. */
export type RoleBrief = { _id: string; name: string } | null;
const roleOf = (row: ApplicationRow, role: RoleBrief, fallback: string) => role ?? { _id: row.roleId ?? '', name: fallback };
export type PerformerRow = Pick<
  typeof users.$inferSelect,
  'id' | 'fname' | 'pronoun' | 'gender' | 'category' | 'profilePic' | 'location' | 'age' | 'height' | 'weight' | 'bodyType' | 'hairColor' | 'eyeColor'
> & { minor?: boolean };

const status = (s: string) => s as ApplicationStatus;
// `by` (docs/team.md) is kept for the studio's answers; the performer's schema leaves it out.
const history = (row: ApplicationRow) =>
  row.history.map((h) => ({ status: status(h.status), at: h.at, ...(h.by ? { by: { _id: h.by._id, name: h.by.name } } : {}), ...(h.action ? { action: h.action as HistoryAction } : {}) }));
/** The performer's history: moves only, never the studio's other actions nor who did them (docs/team.md). */
const movesOnly = (row: ApplicationRow) => ({ ...row, history: row.history.filter((h) => !h.action) });

/** The decision of a booked, declined or closed application, the reason in words; null before one. */
export function decisionOf(row: Pick<ApplicationRow, 'decidedAt' | 'decisionReason' | 'decisionNote' | 'status'>): Decision | null {
  if (!row.decidedAt || !['booked', 'declined', 'closed'].includes(row.status)) return null;
  const reason = (row.decisionReason as DeclineReason | null) ?? null;
  return { reason, reasonText: reason ? DECISION_MSG.reasonText(reason) : null, note: row.decisionNote, at: row.decidedAt.toISOString() };
}

/**
 * Whether the row's undo window is still open, by the database's clock (docs/faults.md,
 * "Clocks that disagree"): selected beside the row and handed to the presenters, so an
 * instance whose clock is off shows the window the studio was given.
 */
export const undoOpenOf = (undoUntil: Column | SQL = applications.undoUntil) => sql<boolean>`coalesce(${undoUntil} > now(), false)`;

/** Until when the studio may undo the application's final decision, or null; `open` is `undoOpenOf`'s answer. */
const undoUntilOf = (row: ApplicationRow, open: boolean) =>
  open && row.undoUntil && row.undoStatus && ['booked', 'declined'].includes(row.status) ? row.undoUntil.toISOString() : null;

export function presentMyApplication(withActions: ApplicationRow, job: JobRow, studio: StudioBrief, role: RoleBrief, undoOpen: boolean): MyApplication {
  // A decision still in its undo window is not the performer's to see yet: they hear of it
  // with its notice, and never of one undone (docs/applications.md, "Undo and the notice outbox").
  const stored = movesOnly(withActions);
  const row = undoUntilOf(stored, undoOpen) ? { ...stored, status: stored.undoStatus!, history: stored.history.slice(0, -1), decidedAt: null } : stored;
  return {
    _id: row.id,
    job: { _id: job.id, title: job.title, jobType: job.jobType, location: job.location, status: job.status, deadline: job.deadline },
    studio,
    role: roleOf(row, role, job.title),
    status: status(row.status),
    note: row.note,
    media: row.media as MyApplication['media'],
    history: history(row),
    decision: decisionOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The people's ratings averaged to one decimal (docs/team.md, "Ratings per person"); null when none. */
export function ratingAverageOf(reviews: readonly { rating: number | null }[]): number | null {
  const rated = reviews.flatMap((r) => (r.rating === null ? [] : [r.rating]));
  return rated.length ? Math.round((rated.reduce((a, b) => a + b, 0) / rated.length) * 10) / 10 : null;
}

/**
 * The application as one person of the studio sees it: `rating` and `studioNote` are the
 * caller's own review (docs/team.md, "Ratings per person"), empty when they gave none.
 */
export function forCaller<T extends Pick<StudioApplication, 'reviews' | 'rating' | 'studioNote'>>(app: T, actorId: string): T {
  const mine = app.reviews.find((r) => r.by._id === actorId);
  return { ...app, rating: mine?.rating ?? null, studioNote: mine?.note ?? '' };
}

const DELETED = { fname: APP_MSG.deletedAccount, pronoun: '', gender: '', category: '', profilePic: '', location: '', age: '', height: '', weight: '', bodyType: '', hairColor: '', eyeColor: '' };

export function presentStudioApplication(row: ApplicationRow, performer: PerformerRow | null, role: RoleBrief, undoOpen: boolean, tape: StudioApplication['tape'] = null, reviews: StudioApplication['reviews'] = []): StudioApplication {
  const { id, ...profile } = performer ?? { id: null, ...DELETED };
  return {
    _id: row.id,
    jobId: row.jobId,
    role: roleOf(row, role, ''),
    performer: { _id: id, deleted: performer === null, ...profile },
    status: status(row.status),
    note: row.note,
    media: row.media as StudioApplication['media'],
    history: history(row),
    rating: row.studioRating,
    studioNote: row.studioNote,
    reviews,
    ratingAverage: ratingAverageOf(reviews),
    decision: decisionOf(row),
    undoUntil: undoUntilOf(row, undoOpen),
    createdAt: row.createdAt.toISOString(),
    tape,
  };
}
