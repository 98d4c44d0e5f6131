/**
 * The texts, statuses and limits of self-tapes (docs/self-tapes.md), apart from their
 * schemas so a screen can read them without the schema library.
 */
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
