/** Calls of self-tape requests, sides and review links (docs/self-tapes.md). */
import { z } from 'zod';
import { text } from './fields.js';
import { MSG } from './messages.js';

export const TAPE_LIMITS = {
  sidesMaxBytes: 10 * 1024 * 1024,
  sidesMaxPages: 30,
  tapeMaxBytes: 500 * 1024 * 1024,
  applicationsMax: 100,
  instructionsMax: 4000,
  declineReasonMax: 1000,
  retakeNoteMax: 2000,
  /** Working hours (Saturday and Sunday UTC not counted) a deadline leaves. */
  leadHours: 48,
  /** …when the sides have more than `longSidesPages` pages. */
  longSidesLeadHours: 72,
  longSidesPages: 3,
  /** A retake's deadline is at least this many hours away (weekends counted). */
  retakeLeadHours: 24,
  reminderHoursBefore: 24,
  reviewApplicationsMax: 50,
  reviewDaysMin: 1,
  reviewDaysMax: 14,
} as const;

export const TAPE_STATUSES = ['requested', 'accepted', 'declined', 'submitted', 'retake', 'expired'] as const;
export type TapeStatus = (typeof TAPE_STATUSES)[number];

/** Every user-visible text of the area, once. */
export const TAPE_MSG = {
  sidesNotPdf: 'Sides must be a PDF file.',
  sidesTooLarge: `Sides can be at most ${TAPE_LIMITS.sidesMaxBytes / 1024 / 1024} MB.`,
  sidesTooManyPages: (pages: number) => `Sides can have at most ${TAPE_LIMITS.sidesMaxPages} pages; this file has ${pages}.`,
  sidesUnreadable: 'This PDF could not be read. Export it again and retry.',
  sidesNotFound: 'These sides were not found.',
  applicationsRange: `Choose between 1 and ${TAPE_LIMITS.applicationsMax} applicants.`,
  applicationsOneJob: 'Choose applicants of your own jobs, all of one job.',
  instructions: 'Instructions',
  deadlineFormat: 'The deadline must be a date and time with its offset, e.g. 2026-12-01T17:00:00+01:00.',
  deadlineTooSoon: (earliest: string, hours: number) =>
    `The deadline must leave at least ${hours} hours, Saturdays and Sundays not counted: the earliest allowed is ${earliest}.`,
  retakeTooSoon: (earliest: string) => `A retake's deadline must be at least ${TAPE_LIMITS.retakeLeadHours} hours away: the earliest allowed is ${earliest}.`,
  sidesLocked: 'Accept the request to read the sides.',
  noSides: 'This request has no sides.',
  deadlinePassed: 'The deadline for this tape has passed.',
  notAccepted: 'Accept the request before sending a tape.',
  cannotAccept: 'This request can no longer be accepted.',
  cannotDecline: 'This request can no longer be declined.',
  tapeNotVideo: 'A tape must be an MP4, MOV or WebM video.',
  tapeTooLarge: `A tape can be at most ${TAPE_LIMITS.tapeMaxBytes / 1024 / 1024} MB.`,
  retakeUsed: 'This request already had its retake.',
  retakeNeedsTape: 'Ask for a retake once a tape has been sent.',
  requestNotice: (studio: string, job: string) => `${studio} asks you for a self-tape for ${job}.`,
  retakeNotice: (studio: string, job: string) => `${studio} asks you for a retake for ${job}.`,
  requestSubject: (job: string) => `Self-tape request: ${job}`,
  retakeSubject: (job: string) => `Retake requested: ${job}`,
  reminderSubject: (job: string) => `Your self-tape for ${job} is due in 24 hours`,
  reminderLine: (job: string, deadline: string) => `Your self-tape for ${job} is due ${deadline}.`,
  reviewApplicationsRange: `Choose between 1 and ${TAPE_LIMITS.reviewApplicationsMax} applicants.`,
  reviewDaysRange: `A link lasts between ${TAPE_LIMITS.reviewDaysMin} and ${TAPE_LIMITS.reviewDaysMax} days.`,
  reviewLinkEnded: 'This review link has ended.',
  watched: 'Watched',
  noTapeYet: 'No tape yet.',
  requestsTitle: 'Self-tape requests',
  statusLabel: { requested: 'Requested', accepted: 'Accepted', declined: 'Declined', submitted: 'Tape sent', retake: 'Retake asked', expired: 'Expired' } as Record<TapeStatus, string>,
  accept: 'Accept',
  decline: 'Decline',
  confirmDecline: 'Decline this self-tape request? The studio is not asked again.',
  readSides: (pages: number) => `Read the sides (${pages} ${pages === 1 ? 'page' : 'pages'})`,
  chooseTape: 'Your tape (MP4, MOV or WebM)',
  sendTape: 'Send tape',
  replaceTape: 'Replace tape',
  tapeSent: 'Your tape was sent.',
  due: (when: string) => `Due ${when}`,
  retakeAsked: (note: string) => `Retake asked: ${note}`,
  notWatched: 'Not watched yet',
} as const;

const strict = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape, { error: () => MSG.invalidBody });
const uuid = z.string().uuid();

const deadline = z.iso.datetime({ offset: true, error: TAPE_MSG.deadlineFormat });

export const sidesAnswer = z.object({ fileId: z.string(), pages: z.number().int() });
export type SidesAnswer = z.infer<typeof sidesAnswer>;

export const tapeRequestBody = strict({
  applicationIds: z
    .array(uuid, { error: TAPE_MSG.applicationsRange })
    .min(1, TAPE_MSG.applicationsRange)
    .max(TAPE_LIMITS.applicationsMax, TAPE_MSG.applicationsRange),
  instructions: text(TAPE_MSG.instructions, { multiline: true }).trim().max(TAPE_LIMITS.instructionsMax, MSG.tooLong(TAPE_MSG.instructions, TAPE_LIMITS.instructionsMax)).default(''),
  sidesFileId: uuid.optional(),
  deadline,
});
export type TapeRequestBody = z.input<typeof tapeRequestBody>;

export const declineBody = strict({ reason: text('Reason', { multiline: true }).trim().max(TAPE_LIMITS.declineReasonMax, MSG.tooLong('Reason', TAPE_LIMITS.declineReasonMax)).optional() });
export const retakeBody = strict({ note: text('Note', { multiline: true }).trim().min(1, 'Say what the retake should change.').max(TAPE_LIMITS.retakeNoteMax, MSG.tooLong('Note', TAPE_LIMITS.retakeNoteMax)), deadline });

export const tapeAnswer = z.object({ _id: z.string(), url: z.string(), submittedAt: z.string(), watchedAt: z.string().nullable() });
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
});
export type TapeRequest = z.infer<typeof tapeRequest>;
export const tapeRequestsAnswer = z.object({ tapeRequests: z.array(tapeRequest) });
export type TapeRequestsAnswer = z.infer<typeof tapeRequestsAnswer>;

export const reviewLinkBody = strict({
  jobId: uuid,
  applicationIds: z.array(uuid, { error: TAPE_MSG.reviewApplicationsRange }).min(1, TAPE_MSG.reviewApplicationsRange).max(TAPE_LIMITS.reviewApplicationsMax, TAPE_MSG.reviewApplicationsRange),
  expiresInDays: z.number({ error: TAPE_MSG.reviewDaysRange }).int(TAPE_MSG.reviewDaysRange).min(TAPE_LIMITS.reviewDaysMin, TAPE_MSG.reviewDaysRange).max(TAPE_LIMITS.reviewDaysMax, TAPE_MSG.reviewDaysRange),
});
export type ReviewLinkBody = z.infer<typeof reviewLinkBody>;
export const reviewLinkCreated = z.object({ _id: z.string(), url: z.string(), expiresAt: z.string() });
export const reviewLinkItem = z.object({
  _id: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  applicants: z.number().int(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ReviewLinkItem = z.infer<typeof reviewLinkItem>;
export const reviewLinksAnswer = z.object({ reviewLinks: z.array(reviewLinkItem) });

export const reviewPerformer = z.object({
  name: z.string(),
  profilePic: z.string(),
  age: z.string(),
  height: z.string(),
  role: z.string(),
  tape: z.object({ url: z.string() }).nullable(),
  media: z.array(z.object({ url: z.string(), type: z.string() })),
});
export const reviewAnswer = z.object({
  job: z.object({ title: z.string() }),
  studio: z.object({ fname: z.string() }),
  performers: z.array(reviewPerformer),
});
export type ReviewAnswer = z.infer<typeof reviewAnswer>;
