/**
 * The catalogue of errors a call can answer (docs/architecture.md, "How errors work").
 * `ERRORS` is the one table of code → status and words; `errors` has one factory per code, so
 * a call site writes `errors.slotTaken()` and cannot pair a code with another status or
 * other words. The general codes (one per status: `notFound`, `conflict`, …) take the words
 * of the refusal, which come from src/contract. Nothing else calls `new AppError` (ESLint).
 * One handler in app.ts turns them into `{ msg, code }` with their status.
 */
import { APP_MSG } from '../contract/applications-messages.js';
import { CAST_MSG } from '../contract/casting-messages.js';
import { DECISION_MSG } from '../contract/decisions-messages.js';
import { ENDS_MSG } from '../contract/decision-ends-texts.js';
import type { ErrorCode } from '../contract/error-codes.js';
import { JOB_LIMITS } from '../contract/jobs-limits.js';
import { GUARDIAN_MSG } from '../contract/guardians-messages.js';
import { MARKET_MSG } from '../contract/marketplace-messages.js';
import { MSG, planTexts } from '../contract/messages.js';
import { namedEarliest } from '../contract/tape-deadline.js';
import { TEAM_MSG } from '../contract/team-messages.js';
import { TAPE_MSG } from '../contract/self-tapes-messages.js';
import { SLOT_MSG } from '../contract/slots-texts.js';
import { TALENT_MSG } from '../contract/talent-messages.js';
import { readerTime } from '../contract/time-zones.js';
import { UPLOAD_MSG } from '../contract/uploads.js';

/** Fields an answer carries beside `{ msg, code }` (a screen reads them; it never parses `msg`). */
export type ErrorDetails = Readonly<Record<string, unknown>>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode,
    /** Seconds, sent as Retry-After with 429 and 503. */
    readonly retryAfter?: number,
    /** The input the refusal is about (a zod issue's path joined with '.'), so a form shows it at that field. */
    readonly field?: string,
    /** What a screen needs beside the words, e.g. `deadline_too_soon`'s `earliest`. */
    readonly details?: ErrorDetails,
  ) {
    super(message);
  }
}

/** The body of a refusal: `{ msg, code }`, its field, its details, and when to try again (docs/security.md). */
export function refusalBody(e: AppError): Record<string, unknown> {
  return {
    msg: e.message,
    code: e.code,
    ...(e.field ? { field: e.field } : {}),
    ...e.details,
    ...(e.retryAfter ? { retryAfter: e.retryAfter } : {}),
  };
}

interface Entry {
  status: number;
  /** The words, when the code has its own; a general code's words are given at the call. */
  msg?: string;
  /** The input a code is always about. */
  field?: string;
}

/** Every code, its status, and (for a code of its own) its words and field. */
export const ERRORS = {
  // General, one per status: the words are the call's.
  bad_request: { status: 400 },
  invalid_input: { status: 400 },
  unauthorized: { status: 401, msg: MSG.unauthorized },
  payment_required: { status: 402 },
  forbidden: { status: 403 },
  not_found: { status: 404, msg: MSG.notFound },
  conflict: { status: 409 },
  too_large: { status: 413, msg: MSG.bodyTooLarge },
  unsupported_type: { status: 415, msg: MSG.contentTypeRefused },
  too_many_requests: { status: 429, msg: MSG.tooManyRequests },
  internal: { status: 500, msg: MSG.serverError },
  upstream_failed: { status: 502 },
  unavailable: { status: 503, msg: MSG.unavailable },
  storage_full: { status: 507, msg: MSG.storageFull },
  request_timeout: { status: 408 },
  // Accounts and sign-in.
  wrong_credentials: { status: 400, msg: MSG.wrongCredentials },
  wrong_password: { status: 400, msg: MSG.currentPasswordWrong },
  email_unconfirmed: { status: 403, msg: MSG.confirmEmailFirst },
  otp_wrong: { status: 400, msg: MSG.otpWrong },
  otp_expired: { status: 400, msg: MSG.otpExpired },
  otp_dead: { status: 400, msg: MSG.otpTooManyTries },
  otp_resend_too_soon: { status: 429, msg: MSG.otpResendTooSoon },
  reset_link_invalid: { status: 400, msg: MSG.resetLinkInvalid },
  // Plans and payments.
  bad_signature: { status: 400, msg: MSG.webhookRejected },
  plan_required: { status: 402, msg: APP_MSG.planRequired },
  plan_already_queued: { status: 409 },
  quota_exhausted: { status: 402 },
  sides_quota_full: { status: 403, msg: TAPE_MSG.sidesQuota },
  // Uploads and stored files.
  file_missing: { status: 400, msg: MSG.fileMissing },
  form_cut_off: { status: 400, msg: MSG.invalidForm },
  upload_cancelled: { status: 400, msg: MSG.invalidForm },
  not_issued: { status: 400, msg: MSG.fileNotYours },
  pdf_unreadable: { status: 400, msg: TAPE_MSG.sidesUnreadable },
  too_many_pages: { status: 400 },
  // Lists read page by page.
  invalid_cursor: { status: 400, msg: MSG.invalidCursor },
  // Jobs and their roles.
  open_jobs_full: { status: 409, msg: MARKET_MSG.tooManyOpenJobs(JOB_LIMITS.openJobsMax) },
  job_open: { status: 409, msg: DECISION_MSG.jobOpenAlready },
  repeated_role: { status: 400, msg: CAST_MSG.repeatedRole },
  unknown_role: { status: 400, msg: CAST_MSG.unknownRole },
  role_applied: { status: 409 },
  role_cast: { status: 409, msg: CAST_MSG.roleCast },
  // Applications and decisions.
  choose_role: { status: 400, msg: CAST_MSG.chooseRole },
  media_not_yours: { status: 400, msg: APP_MSG.mediaNotYours, field: 'media' },
  applications_invalid: { status: 400, msg: TAPE_MSG.applicationsOneJob, field: 'applicationIds' },
  final_status: { status: 409, msg: DECISION_MSG.someFinal },
  not_in_job: { status: 409, msg: DECISION_MSG.notInJob },
  undo_expired: { status: 409, msg: DECISION_MSG.undoExpired },
  withdrawn: { status: 409, msg: DECISION_MSG.withdrawnMeanwhile },
  // Audition slots.
  in_past: { status: 400, msg: SLOT_MSG.startsInPast, field: 'startsAt' },
  place_or_link: { status: 400, msg: SLOT_MSG.placeOrLink, field: 'place' },
  not_auditioning: { status: 409, msg: SLOT_MSG.notAuditioning },
  overlap: { status: 409, msg: SLOT_MSG.overlap },
  slot_taken: { status: 409, msg: SLOT_MSG.slotTaken },
  not_invited: { status: 403, msg: SLOT_MSG.notInvited },
  too_late: { status: 409, msg: SLOT_MSG.tooLate },
  // The day of the sessions.
  not_booked: { status: 409, msg: SLOT_MSG.notBooked },
  too_early: { status: 409, msg: SLOT_MSG.tooEarly },
  late_already: { status: 409, msg: SLOT_MSG.lateAlready },
  slot_ended: { status: 409, msg: SLOT_MSG.lateOver },
  // Self-tapes.
  deadline_too_soon: { status: 400, field: 'deadline' },
  deadline_passed: { status: 409, msg: TAPE_MSG.deadlinePassed },
  request_ended: { status: 409, msg: ENDS_MSG.requestEnded },
  not_accepted: { status: 409, msg: TAPE_MSG.notAccepted },
  not_requested: { status: 409, msg: TAPE_MSG.cannotAccept },
  cannot_decline: { status: 409, msg: TAPE_MSG.cannotDecline },
  no_tape: { status: 409, msg: TAPE_MSG.retakeNeedsTape },
  retake_used: { status: 409, msg: TAPE_MSG.retakeUsed },
  sides_locked: { status: 403, msg: TAPE_MSG.sidesLocked },
  sides_not_found: { status: 400, msg: TAPE_MSG.sidesNotFound, field: 'sidesFileId' },
  link_ended: { status: 410, msg: TAPE_MSG.reviewLinkEnded },
  // Resumable uploads.
  upload_unfinished: { status: 409, msg: UPLOAD_MSG.notFinished },
  upload_kind: { status: 400, msg: UPLOAD_MSG.wrongKind, field: 'uploadId' },
  // Self-tapes' limits.
  tape_upload_running: { status: 409, msg: TAPE_MSG.tapeUploadRunning },
  application_closed: { status: 409, msg: TAPE_MSG.applicationClosed },
  request_open: { status: 409, msg: TAPE_MSG.requestOpen },
  // Young performers (docs/guardians.md).
  guardian_consent_needed: { status: 403, msg: GUARDIAN_MSG.consentNeeded },
  guardian_required: { status: 400, msg: GUARDIAN_MSG.guardianRequired, field: 'guardian' },
  guardian_email_own: { status: 400, msg: GUARDIAN_MSG.guardianEmailOwn, field: 'guardian.email' },
  guardian_link_dead: { status: 410, msg: GUARDIAN_MSG.linkDead },
  // The casting office (docs/team.md).
  role_forbidden: { status: 403, msg: TEAM_MSG.roleForbidden },
  invitation_gone: { status: 410, msg: TEAM_MSG.invitationGone },
  team_full: { status: 409, msg: TEAM_MSG.teamFull },
} as const satisfies Record<ErrorCode, Entry>;

interface Extra {
  msg?: string;
  field?: string;
  retryAfter?: number;
  details?: ErrorDetails;
}

/** The error of `code`, with its status, and its words and field from the table unless said. */
function make(code: ErrorCode, extra: Extra = {}): AppError {
  const entry: Entry = ERRORS[code];
  const msg = extra.msg ?? entry.msg;
  if (msg === undefined) throw new Error(`errors: ${code} needs its words`);
  return new AppError(entry.status, msg, code, extra.retryAfter, extra.field ?? entry.field, extra.details);
}

/** An instant as the refusals write it, in the caller's zone (readerTime, docs/account.md "Time zone"). */
const minuteText = (iso: string, zone: string | null | undefined) => readerTime(new Date(iso), zone);
const minuteUp = (d: Date) => namedEarliest(d).toISOString();

const GENERAL_BY_STATUS = new Map<number, ErrorCode>(
  (['bad_request', 'unauthorized', 'forbidden', 'not_found', 'request_timeout', 'conflict', 'too_large', 'unsupported_type', 'too_many_requests'] as const).map((c) => [ERRORS[c].status, c]),
);

/** Which page-by-page list a cursor was for: each says which list to reload. */
const CURSOR_MSG = {
  list: MSG.invalidCursor,
  jobs: MARKET_MSG.invalidJobsCursor,
  applicants: APP_MSG.invalidApplicantsCursor,
  talent: TALENT_MSG.invalidCursor,
} as const;

export const errors = {
  // General codes: the words of the refusal come from src/contract at the call.
  badRequest: (msg: string) => make('bad_request', { msg }),
  /** Bad input at one field: 400 `{ msg, code: 'invalid_input', field }`. */
  validation: (msg: string, field?: string) => make('invalid_input', { msg, field: field || undefined }),
  /** Bad input at several fields at once: `problems` lists each (`[{ field, msg }]`), `msg` says the first. */
  validationEach: (msg: string, problems: readonly { field: string; msg: string }[]) => make('invalid_input', { msg, details: { problems } }),
  unauthorized: (msg?: string) => make('unauthorized', { msg }),
  /** 402: a paid plan (or a paid plan's room) is needed first. */
  paymentRequired: (msg: string) => make('payment_required', { msg }),
  forbidden: (msg: string) => make('forbidden', { msg }),
  notFound: (msg?: string) => make('not_found', { msg }),
  conflict: (msg: string) => make('conflict', { msg }),
  tooLarge: (msg?: string) => make('too_large', { msg }),
  unsupportedType: (msg?: string) => make('unsupported_type', { msg }),
  tooManyRequests: (retryAfter: number, msg?: string) => make('too_many_requests', { msg, retryAfter }),
  internal: () => make('internal'),
  badGateway: (msg: string) => make('upstream_failed', { msg }),
  unavailable: () => make('unavailable', { retryAfter: 5 }),
  storageFull: () => make('storage_full'),
  /** The answer written on the socket when a request's body is too slow (request-deadlines.ts). */
  requestTimeout: (msg: string) => make('request_timeout', { msg }),
  /**
   * A 4xx Fastify itself refused with (a bad JSON body, a missing length…), for app.ts's
   * handler only: the general code of that status, or `bad_request` keeping Fastify's status.
   */
  ofFastifyStatus: (status: number, msg: string) => {
    const general = GENERAL_BY_STATUS.get(status);
    return general ? make(general, { msg }) : new AppError(status, msg, 'bad_request');
  },

  // Accounts and sign-in.
  wrongCredentials: () => make('wrong_credentials'),
  wrongPassword: () => make('wrong_password'),
  emailUnconfirmed: () => make('email_unconfirmed'),
  otpWrong: () => make('otp_wrong'),
  otpExpired: () => make('otp_expired'),
  otpDead: () => make('otp_dead'),
  otpResendTooSoon: (retryAfter: number) => make('otp_resend_too_soon', { retryAfter }),
  resetLinkInvalid: () => make('reset_link_invalid'),
  // Plans and payments.
  badSignature: () => make('bad_signature'),
  planRequired: () => make('plan_required'),
  planAlreadyQueued: (waiting: string, startsAt: Date) => make('plan_already_queued', { msg: planTexts.queueFull(waiting, startsAt.toISOString().slice(0, 10)) }),
  /** The plan's applications of this period are used up; `day` ("1 Dec 2026") is when the next plan starts them again (`renews`), else when the plan ends. */
  quotaExhausted: (limit: number, day: string, renews = false) => make('quota_exhausted', { msg: APP_MSG.quotaExhausted(limit, day, renews) }),
  sidesQuotaFull: () => make('sides_quota_full'),
  // Uploads and stored files.
  fileMissing: () => make('file_missing'),
  formCutOff: () => make('form_cut_off'),
  uploadCancelled: () => make('upload_cancelled'),
  /** A stored file's address this account was not given; a picture names its field and label. */
  notIssued: (picture?: { label: string; field: string }) =>
    make('not_issued', picture ? { msg: MARKET_MSG.pictureNotYours(picture.label), field: picture.field } : {}),
  pdfUnreadable: () => make('pdf_unreadable'),
  tooManyPages: (pages: number) => make('too_many_pages', { msg: TAPE_MSG.sidesTooManyPages(pages) }),
  // Lists read page by page.
  invalidCursor: (list: keyof typeof CURSOR_MSG) => make('invalid_cursor', { msg: CURSOR_MSG[list] }),
  // Jobs and their roles.
  openJobsFull: () => make('open_jobs_full'),
  jobOpen: () => make('job_open'),
  repeatedRole: () => make('repeated_role'),
  /** A role id that is not the job's: in a job's roles, or (`slot`) in a slot's. */
  unknownRole: (where: 'job' | 'slot' = 'job') => make('unknown_role', where === 'slot' ? { msg: SLOT_MSG.unknownRole } : {}),
  roleApplied: (roleName: string) => make('role_applied', { msg: CAST_MSG.roleApplied(roleName) }),
  roleCast: () => make('role_cast'),
  // Applications and decisions.
  chooseRole: () => make('choose_role'),
  mediaNotYours: () => make('media_not_yours'),
  applicationsInvalid: () => make('applications_invalid'),
  finalStatus: () => make('final_status'),
  notInJob: () => make('not_in_job'),
  undoExpired: () => make('undo_expired'),
  withdrawn: () => make('withdrawn'),
  // Audition slots.
  inPast: () => make('in_past'),
  placeOrLink: () => make('place_or_link'),
  notAuditioning: () => make('not_auditioning'),
  overlap: () => make('overlap'),
  slotTaken: () => make('slot_taken'),
  /** A limited round's slot booked by an application not invited to it (docs/slots.md). */
  notInvited: () => make('not_invited'),
  tooLate: () => make('too_late'),
  notBooked: () => make('not_booked'),
  tooEarly: () => make('too_early'),
  lateAlready: () => make('late_already'),
  slotEnded: () => make('slot_ended'),
  /** What waits for the guardian: applying and going public, or a studio's message. */
  guardianConsentNeeded: (held: 'apply' | 'messages' = 'apply') =>
    make('guardian_consent_needed', held === 'messages' ? { msg: GUARDIAN_MSG.noStudioMessages } : {}),
  guardianRequired: () => make('guardian_required'),
  guardianEmailOwn: () => make('guardian_email_own'),
  guardianLinkDead: () => make('guardian_link_dead'),
  roleForbidden: () => make('role_forbidden'),
  invitationGone: () => make('invitation_gone'),
  teamFull: () => make('team_full'),
  // Self-tapes.
  /**
   * A deadline before `earliest` (rounded up to the minute): with `hours`, a request's
   * working-hours rule; without, a retake's. Worded in the caller's `zone` (UTC when null);
   * the answer carries `earliest` (ISO) for the form.
   */
  deadlineTooSoon: (earliest: Date, hours?: number, zone?: string | null) => {
    const iso = minuteUp(earliest);
    const msg = hours === undefined ? TAPE_MSG.retakeTooSoon(minuteText(iso, zone)) : TAPE_MSG.deadlineTooSoon(minuteText(iso, zone), hours);
    return make('deadline_too_soon', { msg, details: { earliest: iso } });
  },
  deadlinePassed: () => make('deadline_passed'),
  requestEnded: () => make('request_ended'),
  notAccepted: () => make('not_accepted'),
  notRequested: () => make('not_requested'),
  cannotDecline: () => make('cannot_decline'),
  noTape: () => make('no_tape'),
  retakeUsed: () => make('retake_used'),
  sidesLocked: () => make('sides_locked'),
  sidesNotFound: () => make('sides_not_found'),
  linkEnded: () => make('link_ended'),
  // Resumable uploads.
  uploadUnfinished: () => make('upload_unfinished'),
  uploadKind: () => make('upload_kind'),
  // Self-tapes' limits.
  tapeUploadRunning: () => make('tape_upload_running'),
  applicationClosed: () => make('application_closed'),
  requestOpen: () => make('request_open'),
};

/** Whether the error, or one it wraps (Drizzle wraps the driver's), carries one of these codes. */
export function hasErrorCode(error: unknown, codes: readonly string[]): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && codes.includes(e.code)) return true;
  }
  return false;
}
