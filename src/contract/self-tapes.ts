/** Calls of self-tape requests, sides and review links (docs/self-tapes.md). */
import { z } from 'zod';
import { instant, text } from './fields.js';
import { MSG } from './messages.js';
import { playbackFields } from './uploads.js';
import { byAnswer } from './team.js';

export * from './self-tapes-messages.js';
import { FEEDBACK_PICKS, TAPE_LIMITS, TAPE_MSG, TAPE_STATUSES } from './self-tapes-messages.js';

const strict = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape, { error: () => MSG.invalidBody });
const uuid = z.string().uuid();

const deadline = instant(TAPE_MSG.deadlineFormat, 'The deadline');

export const sidesAnswer = z.object({ fileId: z.string(), pages: z.number().int() });
export type SidesAnswer = z.infer<typeof sidesAnswer>;

export const tapeRequestBody = strict({
  applicationIds: z
    .array(uuid, { error: TAPE_MSG.applicationsRange })
    .min(1, TAPE_MSG.applicationsRange)
    .max(TAPE_LIMITS.applicationsMax, TAPE_MSG.applicationsRange),
  instructions: text(TAPE_MSG.instructions, { multiline: true }).max(TAPE_LIMITS.instructionsMax, MSG.tooLong(TAPE_MSG.instructions, TAPE_LIMITS.instructionsMax)).trim().default(''),
  sidesFileId: uuid.optional(),
  deadline,
});
export type TapeRequestBody = z.input<typeof tapeRequestBody>;

export const declineBody = strict({ reason: text('Reason', { multiline: true }).max(TAPE_LIMITS.declineReasonMax, MSG.tooLong('Reason', TAPE_LIMITS.declineReasonMax)).trim().optional() });
export const retakeBody = strict({ note: text('Note', { multiline: true }).max(TAPE_LIMITS.retakeNoteMax, MSG.tooLong('Note', TAPE_LIMITS.retakeNoteMax)).trim().min(1, TAPE_MSG.retakeNoteRequired), deadline });

/** A tape: `url` is the original as sent; the conversion's fields say what players load (docs/media.md). */
export const tapeAnswer = z.object({ _id: z.string(), url: z.string(), submittedAt: z.string(), watchedAt: z.string().nullable(), ...playbackFields });
export type Tape = z.infer<typeof tapeAnswer>;

export const tapeRequest = z.object({
  _id: z.string(),
  applicationId: z.string(),
  job: z.object({ _id: z.string(), title: z.string() }),
  role: z.object({ _id: z.string(), name: z.string() }).nullable(),
  studio: z.object({ fname: z.string() }),
  instructions: z.string(),
  deadline: z.string(),
  sidesPages: z.number().int().nullable(),
  status: z.enum(TAPE_STATUSES),
  declineReason: z.string(),
  retakeNote: z.string(),
  retakeUsed: z.boolean(),
  tape: tapeAnswer.nullable(),
  createdAt: z.string(),
  /** Who of the studio asked, and who asked for the retake (docs/team.md); the studio's answers only. */
  by: byAnswer.optional(),
  retakeBy: byAnswer.optional(),
});
export type TapeRequest = z.infer<typeof tapeRequest>;
export const tapeRequestsAnswer = z.object({ tapeRequests: z.array(tapeRequest) });
export type TapeRequestsAnswer = z.infer<typeof tapeRequestsAnswer>;

export const reviewLinkBody = strict({
  jobId: uuid,
  applicationIds: z.array(uuid, { error: TAPE_MSG.reviewApplicationsRange }).min(1, TAPE_MSG.reviewApplicationsRange).max(TAPE_LIMITS.reviewApplicationsMax, TAPE_MSG.reviewApplicationsRange),
  expiresInDays: z.number({ error: TAPE_MSG.reviewDaysRange }).int(TAPE_MSG.reviewDaysRange).min(TAPE_LIMITS.reviewDaysMin, TAPE_MSG.reviewDaysRange).max(TAPE_LIMITS.reviewDaysMax, TAPE_MSG.reviewDaysRange),
  /** Who the link is for ("Director"), shown beside its feedback; empty or absent is none. */
  label: text('Label').max(TAPE_LIMITS.reviewLabelMax, MSG.tooLong('Label', TAPE_LIMITS.reviewLabelMax)).trim().nullable().optional(),
});
export type ReviewLinkBody = z.infer<typeof reviewLinkBody>;
/** `by`: who of the studio made the link (docs/team.md); null on links made before it was kept. */
export const reviewLinkCreated = z.object({ _id: z.string(), url: z.string(), expiresAt: z.string(), by: byAnswer.nullable() });
export const reviewLinkItem = z.object({
  _id: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  applicants: z.number().int(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  label: z.string().nullable(),
  /** How many feedbacks its viewers left. */
  feedback: z.number().int(),
  by: byAnswer.nullable(),
});
export type ReviewLinkItem = z.infer<typeof reviewLinkItem>;
export const reviewLinksAnswer = z.object({ reviewLinks: z.array(reviewLinkItem) });

export const reviewPerformer = z.object({
  /** An id of this performer for this link only (not the account's): feedback names it. */
  _id: z.string(),
  name: z.string(),
  profilePic: z.string(),
  age: z.string(),
  height: z.string(),
  role: z.string(),
  tape: z.object({ url: z.string(), ...playbackFields }).nullable(),
  /** A sent video carries its conversion, its MP4 and poster through the token (docs/media.md, "Players"). */
  media: z.array(z.object({ url: z.string(), type: z.string() }).extend(playbackFields).partial({ status: true, playbackUrl: true, posterUrl: true, durationS: true, reason: true })),
});
export const reviewAnswer = z.object({
  job: z.object({ title: z.string() }),
  studio: z.object({ fname: z.string() }),
  performers: z.array(reviewPerformer),
});
export type ReviewAnswer = z.infer<typeof reviewAnswer>;

/** POST /api/review/{token}/feedback (docs/self-tapes.md, "Feedback"). */
export const feedbackBody = strict({
  performerId: z.string({ error: TAPE_MSG.feedbackPerformerGone }).max(100, TAPE_MSG.feedbackPerformerGone),
  name: text(TAPE_MSG.feedbackName).max(TAPE_LIMITS.feedbackNameMax, MSG.tooLong('Name', TAPE_LIMITS.feedbackNameMax)).trim().min(1, TAPE_MSG.feedbackNameRequired),
  pick: z.enum(FEEDBACK_PICKS, { error: TAPE_MSG.feedbackPickRequired }),
  comment: text('Comment', { multiline: true }).max(TAPE_LIMITS.feedbackCommentMax, MSG.tooLong('Comment', TAPE_LIMITS.feedbackCommentMax)).default(''),
});
export type FeedbackBody = z.input<typeof feedbackBody>;
export const feedbackAnswer = z.object({
  performerId: z.string(),
  name: z.string(),
  pick: z.enum(FEEDBACK_PICKS),
  comment: z.string(),
  updatedAt: z.string(),
});
export type FeedbackAnswer = z.infer<typeof feedbackAnswer>;
/** GET /api/studio/review-links/{id}/feedback: the link and every feedback on it, newest first. */
export const linkFeedbackAnswer = z.object({
  link: reviewLinkItem,
  feedback: z.array(
    feedbackAnswer.extend({
      applicationId: z.string(),
      performer: z.object({ name: z.string() }),
    }),
  ),
});
export type LinkFeedbackAnswer = z.infer<typeof linkFeedbackAnswer>;
/** A feedback as the applicant card and board show it: with the link's label. */
export const applicantFeedback = z.object({
  linkId: z.string(),
  label: z.string().nullable(),
  name: z.string(),
  pick: z.enum(FEEDBACK_PICKS),
  comment: z.string(),
  updatedAt: z.string(),
});
export type ApplicantFeedback = z.infer<typeof applicantFeedback>;
