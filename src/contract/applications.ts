/** Calls of applications and notifications (docs/applications.md). */
import { conflicts } from './availability.js';
import { z } from 'zod';
import { byAnswer } from './team.js';
import { text } from './fields.js';
import { APPLICANT_ORDERS, APPLICATION_LIMITS, APPLICATION_STATUSES, MEDIA_TYPES, STUDIO_STATUSES, type ApplicationStatus } from './applications-limits.js';
import { APP_MSG } from './applications-messages.js';
import { MARKET_MSG } from './marketplace-messages.js';
import { MSG } from './messages.js';
import { LIMITS } from './limits.js';
import { CAST_MSG, jobStudio } from './jobs.js';
import { userProfile } from './profile.js';
import { decision, decisionFields, refineDecision, undoWindow, DECISION_LIMITS, DECISION_MSG } from './decisions.js';
import { applicantFeedback, tapeAnswer } from './self-tapes.js';
import { shownResume } from './resume.js';
import { dayEvent } from './slots.js';

export * from './applications-limits.js';
export * from './applications-messages.js';
export * from './decisions.js';

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (iss) => (iss.code === 'unrecognized_keys' ? MARKET_MSG.unknownField(iss.keys) : MSG.invalidBody),
  });

const note = (label: string, max: number) =>
  text(label, { multiline: true }).max(max, MSG.tooLong(label, max)).trim();

export const applyBody = strict({
  note: note('Note', APPLICATION_LIMITS.noteMax).default(''),
  media: z
    .array(z.string({ error: APP_MSG.mediaUrl }).min(1, APP_MSG.mediaUrl).max(LIMITS.urlMax, APP_MSG.mediaUrl), { error: APP_MSG.mediaUrl })
    .max(APPLICATION_LIMITS.mediaMax, APP_MSG.tooManyMedia(APPLICATION_LIMITS.mediaMax))
    .default([]),
  /** One of the job's open roles; may be left out when the job has exactly one open role. */
  roleId: z.string({ error: CAST_MSG.chooseRole }).max(100, CAST_MSG.chooseRole).optional(),
});
export type ApplyBody = z.input<typeof applyBody>;

/** `by`: who made the move for the studio (docs/team.md); absent on older entries and the performer's own. */
/**
 * Besides moves, the studio's history records its other actions on the application
 * (docs/team.md, "Who did what"): `action` says which, `status` is the status it was in.
 */
export const HISTORY_ACTIONS = ['undo', 'note', 'tape_request', 'retake', 'review_link', 'slot'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];
export const historyEntry = z.object({ status: z.enum(APPLICATION_STATUSES), at: z.string(), by: byAnswer.optional(), action: z.enum(HISTORY_ACTIONS).optional() });
/** A sent video, in the studio's view, carries its conversion (docs/media.md, "Players"). */
export const sentMedia = z.object({
  url: z.string(),
  type: z.enum(MEDIA_TYPES),
  status: z.enum(['processing', 'ready', 'failed']).optional(),
  playbackUrl: z.string().nullable().optional(),
  posterUrl: z.string().nullable().optional(),
  durationS: z.number().nullable().optional(),
  reason: z.string().nullable().optional(),
  width: z.number().nullable().optional(),
  height: z.number().nullable().optional(),
});
export type SentMedia = z.infer<typeof sentMedia>;

export const roleBrief = z.object({ _id: z.string(), name: z.string() });
const jobBrief = z.object({ _id: z.string(), title: z.string(), jobType: z.string(), location: z.string(), status: z.string(), deadline: z.string().nullable() });

/** The performer's view of one application: never the studio's rating or note. */
export const myApplication = z.object({
  _id: z.string(),
  job: jobBrief,
  studio: jobStudio,
  role: roleBrief,
  status: z.enum(APPLICATION_STATUSES),
  note: z.string(),
  media: z.array(sentMedia),
  // The performer is not told which member of the studio made a move.
  history: z.array(historyEntry.omit({ by: true, action: true })),
  /** The studio's decision (booked, declined, closed) with the reason in words; null before one (docs/applications.md, "Decisions"). */
  decision: decision.nullable(),
  createdAt: z.string(),
});
export type MyApplication = z.infer<typeof myApplication>;

/** `renews`: a next plan is queued, so the allowance starts again at `periodEnd`; else the plan ends there. */
export const quota = z.object({ used: z.number(), limit: z.number().nullable(), periodEnd: z.string().nullable(), renews: z.boolean() });
export type Quota = z.infer<typeof quota>;
export const myApplicationsAnswer = z.object({ applications: z.array(myApplication), quota });
export type MyApplicationsAnswer = z.infer<typeof myApplicationsAnswer>;

/** The performer as the studio sees them: the public profile and appearance; null fields once the account is deleted. */
export const applicantPerformer = userProfile
  .pick({ fname: true, pronoun: true, gender: true, category: true, profilePic: true, location: true, age: true, height: true, weight: true, bodyType: true, hairColor: true, eyeColor: true })
  .extend({ _id: z.string().nullable(), deleted: z.boolean(), minor: z.boolean().optional() });

export const studioApplication = z.object({
  _id: z.string(),
  jobId: z.string(),
  role: roleBrief,
  performer: applicantPerformer,
  status: z.enum(APPLICATION_STATUSES),
  note: z.string(),
  media: z.array(sentMedia),
  history: z.array(historyEntry),
  rating: z.number().nullable(),
  studioNote: z.string(),
  /** Each person's own rating and note (docs/team.md, "Ratings per person"); `rating` is the caller's. */
  reviews: z.array(z.object({ by: byAnswer, rating: z.number().nullable(), note: z.string(), at: z.string() })),
  /** The average of the people's ratings, one decimal; null when nobody rated. */
  ratingAverage: z.number().nullable(),
  decision: decision.nullable(),
  /** Until when the studio can undo its final decision (ISO), or null. */
  undoUntil: z.string().nullable(),
  createdAt: z.string(),
  /** The latest self-tape sent for it, or null (docs/self-tapes.md). */
  tape: tapeAnswer.nullable(),
  /**
   * The performer's résumé (docs/resume.md), only in the one applicant's answer (the card),
   * never in the board's list; null once the account is deleted.
   */
  resume: shownResume.nullable().optional(),
  /**
   * What viewers of the studio's review links said of this applicant (docs/self-tapes.md,
   * "Feedback"), newest first: on the board and the card, never in the performer's answers.
   */
  feedback: z.array(applicantFeedback).optional(),
  /** The day of the sessions (docs/slots.md, "The day"): check-ins and "running late", oldest first; only in the card's answer. */
  day: z.array(dayEvent).optional(),
  /** The performer's unavailable ranges that overlap the job's shoot dates, dates only (docs/talent.md, "Availability"); on the board and the card. */
  conflicts: conflicts.optional(),
});
export type StudioApplication = z.infer<typeof studioApplication>;
/** The job's applicants by status (of the role asked for, whatever status is asked for). */
export const applicantCounts = z.object(Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, z.number()])) as Record<ApplicationStatus, z.ZodNumber>);
export type ApplicantCounts = z.infer<typeof applicantCounts>;
/** Applications moved back by an undo of a batch. */
export const undoneApplicationsAnswer = z.object({ applications: z.array(studioApplication) });
export type UndoneApplicationsAnswer = z.infer<typeof undoneApplicationsAnswer>;
export const studioApplicationsAnswer = z.object({
  applications: z.array(studioApplication),
  /** The next page's cursor; null on the last page (docs/applications.md, "The applicant list in pages"). */
  nextCursor: z.string().nullable(),
  counts: applicantCounts,
  /**
   * The job's applicants by role id, every status, whatever the filters (a role nobody
   * applied to is absent); counted in the page's own statement (docs/applications.md, "The
   * applicant list in pages").
   */
  roleCounts: z.record(z.string(), z.number()),
});
export type StudioApplicationsAnswer = z.infer<typeof studioApplicationsAnswer>;

export const applicationsQuery = strict({
  status: z.enum(APPLICATION_STATUSES, { error: MARKET_MSG.oneOf('Status', APPLICATION_STATUSES) }).optional(),
  roleId: z.string().max(100).optional(),
  cursor: z.string({ error: APP_MSG.invalidApplicantsCursor }).max(300, APP_MSG.invalidApplicantsCursor).optional(),
  limit: z
    .string({ error: APP_MSG.applicantsLimit(APPLICATION_LIMITS.listMax) })
    .regex(/^\d{1,3}$/, APP_MSG.applicantsLimit(APPLICATION_LIMITS.listMax))
    .transform(Number)
    .refine((n) => n >= 1 && n <= APPLICATION_LIMITS.listMax, APP_MSG.applicantsLimit(APPLICATION_LIMITS.listMax))
    .describe(`A whole number from 1 to ${APPLICATION_LIMITS.listMax}`)
    .optional(),
  /** `oldest` first (the default, as before paging) or `newest` first; a cursor pages on in the order it was given with. */
  order: z.enum(APPLICANT_ORDERS, { error: MARKET_MSG.oneOf('Order', APPLICANT_ORDERS) }).optional(),
});
export type ApplicantsQuery = z.input<typeof applicationsQuery>;

const studioStatus = z.enum(STUDIO_STATUSES, { error: MARKET_MSG.oneOf('Status', STUDIO_STATUSES) });
/** `declined` needs a reason; `booked` and `declined` may carry a note for the performer. */
export const statusBody = strict({ status: studioStatus, ...decisionFields }).superRefine(refineDecision);
export type StatusBody = z.input<typeof statusBody>;

/** POST /api/studio/jobs/{id}/applications/status: all of them move, or none. */
export const bulkStatusBody = strict({
  applicationIds: z
    .array(z.string({ error: DECISION_MSG.applicationIds }).max(100, DECISION_MSG.applicationIds), { error: DECISION_MSG.applicationIds })
    .min(1, DECISION_MSG.applicationIds)
    .max(DECISION_LIMITS.bulkMax, DECISION_MSG.applicationIds),
  status: studioStatus,
  ...decisionFields,
}).superRefine(refineDecision);
export type BulkStatusBody = z.input<typeof bulkStatusBody>;
/** The moved applications, and the window in which the batch can be undone as one. */
export const bulkStatusAnswer = z.object({ applications: z.array(studioApplication), undo: undoWindow });
export type BulkStatusAnswer = z.infer<typeof bulkStatusAnswer>;

export const reviewBody = strict({
  rating: z.number({ error: APP_MSG.ratingRange }).int(APP_MSG.ratingRange).min(1, APP_MSG.ratingRange).max(5, APP_MSG.ratingRange).nullable().optional(),
  note: note('Note', APPLICATION_LIMITS.studioNoteMax).optional(),
}).refine((b) => b.rating !== undefined || b.note !== undefined, { error: APP_MSG.nothingToChange });
export type ReviewBody = z.input<typeof reviewBody>;

// ---------------------------------------------------------------- notifications

export const notification = z.object({ _id: z.string(), kind: z.string(), text: z.string(), link: z.string(), read: z.boolean(), createdAt: z.string() });
export type Notification = z.infer<typeof notification>;
export const notificationsAnswer = z.object({ notifications: z.array(notification), unread: z.number() });
export type NotificationsAnswer = z.infer<typeof notificationsAnswer>;
/** No ids marks every notification read. */
export const readBody = strict({ ids: z.array(z.string().max(100)).max(APPLICATION_LIMITS.notificationsPage).optional() });

/** `emailApplicants` is a studio's choice (its new applicants): answered to studio accounts only. */
export const notificationSettings = z.object({ emailApplications: z.boolean(), emailMessages: z.boolean(), emailApplicants: z.boolean().optional() });
export type NotificationSettings = z.infer<typeof notificationSettings>;
export const notificationSettingsBody = strict({
  emailApplications: z.boolean({ error: MSG.invalidBody }).optional(),
  emailMessages: z.boolean({ error: MSG.invalidBody }).optional(),
  emailApplicants: z.boolean({ error: MSG.invalidBody }).optional(),
});
