/**
 * Decisions with reasons, undo, bulk moves, closing and reopening (docs/applications.md,
 * "Decisions"). Schemas and every text of them, written once; imported by web and server.
 */
import { z } from 'zod';
import { text } from './fields.js';
import { MSG } from './messages.js';
import { MARKET_MSG } from './marketplace-messages.js';
import { ownJob } from './jobs.js';

export const DECLINE_REASONS = [
  'role_cast',
  'went_another_way',
  'look_or_age',
  'availability',
  'location',
  'skills',
  'incomplete_submission',
  'role_closed',
  'other',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export const DECISION_LIMITS = {
  /** The note for the performer. */
  noteMax: 500,
  /** Seconds a final decision (booked, declined) can be undone; its notice waits as long. */
  undoSeconds: 30,
  /** Applications one bulk move or bulk undo takes. */
  bulkMax: 500,
} as const;

/** The reason as the performer reads it (screen, notification and e-mail). */
const REASON_TEXTS: Record<DeclineReason, string> = {
  role_cast: 'The role has been cast.',
  went_another_way: 'The studio went another way.',
  look_or_age: 'The role needs a different look or age.',
  availability: 'Your availability does not fit the dates.',
  location: 'The role needs someone based elsewhere.',
  skills: 'The role needs different skills.',
  incomplete_submission: 'The submission was incomplete.',
  role_closed: 'The role has closed.',
  other: 'Another reason.',
};

/** The reason as the studio chooses it (the select's options). */
const REASON_LABELS: Record<DeclineReason, string> = {
  role_cast: 'Role cast',
  went_another_way: 'Went another way',
  look_or_age: 'Look or age',
  availability: 'Availability',
  location: 'Location',
  skills: 'Skills',
  incomplete_submission: 'Incomplete submission',
  role_closed: 'Role closed',
  other: 'Other',
};

export const DECISION_MSG = {
  reasonText: (r: DeclineReason) => REASON_TEXTS[r],
  reasonLabel: (r: DeclineReason) => REASON_LABELS[r],
  reasonRequired: 'Reason: choose why you decline.',
  reasonOneOf: `Reason must be one of: ${DECLINE_REASONS.join(', ')}`,
  reasonOnlyDeclined: 'Reason: only a decline takes a reason.',
  noteOnlyFinal: 'Note: only Book or Decline take a note for the performer.',
  undoExpired: `The ${DECISION_LIMITS.undoSeconds} seconds to undo this decision have passed.`,
  applicationIds: `Application ids: give 1 to ${DECISION_LIMITS.bulkMax}.`,
  notInJob: 'One of these applications is not one of this job’s.',
  someFinal: 'One of these applications is already decided and can no longer change.',
  jobNotClosed: 'This job is not closed.',
  jobOpenAlready: 'This job is open already.',
  // Notices and mails.
  reasonLine: (r: DeclineReason) => `Reason: ${REASON_TEXTS[r]}`,
  noteLine: (note: string) => `Note from the studio: ${note}`,
  // Screens.
  reasonField: 'Reason',
  chooseReason: 'Choose a reason',
  noteLabel: 'Note for the performer (optional)',
  declineTitle: 'Decline this application?',
  declineConfirm: 'Decline',
  decisionTitle: 'The studio’s decision',
  decidedNote: 'Their note',
  undo: 'Undo',
  undone: 'Decision undone.',
  undoHint: (seconds: number) => `You can undo for ${seconds} seconds. The performer is told after that.`,
} as const;

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (iss) => (iss.code === 'unrecognized_keys' ? MARKET_MSG.unknownField(iss.keys) : MSG.invalidBody),
  });

export const declineReason = z.enum(DECLINE_REASONS, { error: DECISION_MSG.reasonOneOf });
const performerNote = text('Note', { multiline: true }).trim().max(DECISION_LIMITS.noteMax, MSG.tooLong('Note', DECISION_LIMITS.noteMax));

/** What the performer is told of a final decision; `reason` is null for a booking. */
export const decision = z.object({
  reason: declineReason.nullable(),
  reasonText: z.string().nullable(),
  note: z.string(),
  at: z.string(),
});
export type Decision = z.infer<typeof decision>;

/** The fields a status move adds to `{ status }`, and their rules (shared by one move and a bulk move). */
export const decisionFields = { reason: declineReason.optional(), note: performerNote.optional() };
type DecisionInput = { status: string; reason?: DeclineReason; note?: string };
export function refineDecision(b: DecisionInput, ctx: z.core.$RefinementCtx) {
  if (b.status === 'declined' && !b.reason) ctx.addIssue({ code: 'custom', message: DECISION_MSG.reasonRequired, path: ['reason'] });
  if (b.status !== 'declined' && b.reason) ctx.addIssue({ code: 'custom', message: DECISION_MSG.reasonOnlyDeclined, path: ['reason'] });
  if (b.status !== 'declined' && b.status !== 'booked' && b.note) ctx.addIssue({ code: 'custom', message: DECISION_MSG.noteOnlyFinal, path: ['note'] });
}

const applicationIds = z
  .array(z.string({ error: DECISION_MSG.applicationIds }).max(100, DECISION_MSG.applicationIds), { error: DECISION_MSG.applicationIds })
  .min(1, DECISION_MSG.applicationIds)
  .max(DECISION_LIMITS.bulkMax, DECISION_MSG.applicationIds);

/** POST /api/studio/jobs/{id}/applications/undo */
export const bulkUndoBody = strict({ applicationIds });
export type BulkUndoBody = z.input<typeof bulkUndoBody>;

/** Until when a final move can be undone (ISO), or null when nothing moved is undoable. */
export const undoWindow = z.object({ until: z.string() }).nullable();

/** POST /api/studio/jobs/{id}/close: both optional, the reason role_closed when left out. */
export const closeJobBody = strict({ reason: declineReason.optional(), note: performerNote.optional() });
export type CloseJobBody = z.input<typeof closeJobBody>;

/** POST /api/studio/jobs/{id}/reopen: a deadline today or later (YYYY-MM-DD, UTC), or null for none. */
export const reopenJobBody = strict({
  deadline: z
    .string({ error: MARKET_MSG.deadlineFormat })
    .regex(/^\d{4}-\d{2}-\d{2}$/, MARKET_MSG.deadlineFormat)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), MARKET_MSG.deadlineFormat)
    .refine((v) => v >= new Date().toISOString().slice(0, 10), MARKET_MSG.deadlinePast)
    .nullable()
    .optional(),
});
export type ReopenJobBody = z.input<typeof reopenJobBody>;

/** The live counts of a job's applications, for the close confirmation (slotsBooked: audition slots taken). */
export const jobLive = z.object({
  applied: z.number(),
  viewed: z.number(),
  shortlisted: z.number(),
  auditioning: z.number(),
  booked: z.number(),
  slotsBooked: z.number(),
});
export type JobLive = z.infer<typeof jobLive>;

/** GET /api/studio/jobs/{id}: the studio's own job as in its list, with the live counts. */
export const studioJob = ownJob.extend({ live: jobLive });
export type StudioJob = z.infer<typeof studioJob>;
