/**
 * The texts, reasons and limits of decisions (docs/applications.md, "Decisions"), apart
 * from their schemas so a screen can read them without the schema library.
 */
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
  withdrawnMeanwhile: 'The performer withdrew this application before your decision reached them: there is nothing to undo.',
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
  decisionTitle: 'The studio’s decision',
  undo: 'Undo',
  undone: 'Decision undone.',
  /** Under a decision on `n` applicants: one performer or several hear of it. */
  undoHint: (seconds: number, n: number) => `You can undo for ${seconds} seconds. ${n === 1 ? 'The performer is' : 'The performers are'} told after that.`,
  // Closing and reopening a job (docs/applications.md, "Decisions").
  closeTitle: (job: string) => `Close “${job}”?`,
  closeReasonField: 'Reason the applicants read',
  closeNoteLabel: 'Note for the applicants (optional)',
  closeConfirm: 'Close job',
  reopen: 'Reopen',
  reopenLabel: (job: string) => `Reopen: ${job}`,
} as const;
