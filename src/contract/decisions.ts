/**
 * Decisions with reasons, undo, bulk moves, closing and reopening (docs/applications.md,
 * "Decisions"). Schemas and every text of them, written once; imported by web and server.
 */
import { z } from 'zod';
import { calendarDay, text } from './fields.js';
import { MSG } from './messages.js';
import { MARKET_MSG } from './marketplace-messages.js';
import { ownJob } from './jobs.js';

export * from './decisions-messages.js';
import { DECISION_LIMITS, DECISION_MSG, DECLINE_REASONS, type DeclineReason } from './decisions-messages.js';

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, {
    error: (iss) => (iss.code === 'unrecognized_keys' ? MARKET_MSG.unknownField(iss.keys) : MSG.invalidBody),
  });

export const declineReason = z.enum(DECLINE_REASONS, { error: DECISION_MSG.reasonOneOf });
const performerNote = text('Note', { multiline: true }).max(DECISION_LIMITS.noteMax, MSG.tooLong('Note', DECISION_LIMITS.noteMax)).trim();

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
  deadline: calendarDay(MARKET_MSG.deadlineFormat, 'Deadline')
    .refine((v) => v >= new Date().toISOString().slice(0, 10), MARKET_MSG.deadlinePast)
    .nullable()
    .optional(),
});
export type ReopenJobBody = z.input<typeof reopenJobBody>;

/** One applicant a close names: who, the role, and the audition times they hold that have not started (ISO). */
export const namedApplicant = z.object({ applicationId: z.string(), name: z.string(), roleName: z.string().nullable(), slots: z.array(z.string()) });

/**
 * The live counts of a job's applications, for the close confirmation (slotsBooked: audition
 * slots taken), and the people it names (at most NAMED_MAX each, oldest application first):
 * `waiting`, those a close tells (and whose times it cancels), `booked`, whose auditions stay.
 */
export const jobLive = z.object({
  people: z.object({ waiting: z.array(namedApplicant), booked: z.array(namedApplicant) }),
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
