/**
 * Every `code` an error answer `{ msg, code, field? }` can carry (docs/architecture.md,
 * "How errors work"). Schema-free, so screens may import it. The server's factories in
 * errors.ts take only these, and the web client hands screens the code typed as one of them.
 */
export const ERROR_CODES = [
  // General, one per status (errors.ts and the handler in app.ts).
  'bad_request',
  'invalid_input',
  'unauthorized',
  'payment_required',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unsupported_type',
  'too_many_requests',
  'internal',
  'upstream_failed',
  'unavailable',
  'storage_full',
  'request_timeout',
  // Accounts and sign-in.
  'role_forbidden',
  'invitation_gone',
  'team_full',
  'wrong_credentials',
  'wrong_password',
  'email_unconfirmed',
  'otp_wrong',
  'otp_expired',
  'otp_dead',
  'otp_resend_too_soon',
  'reset_link_invalid',
  // Plans and payments.
  'bad_signature',
  'plan_required',
  'plan_already_queued',
  'quota_exhausted',
  'sides_quota_full',
  // Uploads and stored files.
  'file_missing',
  'form_cut_off',
  'upload_cancelled',
  'not_issued',
  'pdf_unreadable',
  'too_many_pages',
  // Lists read page by page.
  'invalid_cursor',
  // Jobs and their roles.
  'open_jobs_full',
  'job_open',
  'repeated_role',
  'unknown_role',
  'role_applied',
  'role_cast',
  // Applications and decisions.
  'choose_role',
  'media_not_yours',
  'applications_invalid',
  'final_status',
  'not_in_job',
  'undo_expired',
  'withdrawn',
  // Audition slots.
  'in_past',
  'place_or_link',
  'not_auditioning',
  'overlap',
  'slot_taken',
  'not_invited',
  'too_late',
  // The day of the sessions (docs/slots.md, "The day").
  'too_early',
  'not_booked',
  'late_already',
  'slot_ended',
  // Self-tapes.
  'deadline_too_soon',
  'deadline_passed',
  // A tape sent to a request that a decision or a close ended (docs/self-tapes.md).
  'request_ended',
  'not_accepted',
  'not_requested',
  'cannot_decline',
  'no_tape',
  'retake_used',
  'sides_locked',
  'sides_not_found',
  'link_ended',
  // Resumable uploads.
  'upload_unfinished',
  'upload_kind',
  // Self-tapes' limits.
  'tape_upload_running',
  'application_closed',
  'request_open',
  // Young performers and their guardians.
  'guardian_consent_needed',
  'guardian_required',
  'guardian_email_own',
  'guardian_link_dead',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const known: ReadonlySet<string> = new Set(ERROR_CODES);

/** The code of an answer's body when it is one of ours; anything else reads as undefined. */
export function errorCodeOf(value: unknown): ErrorCode | undefined {
  return typeof value === 'string' && known.has(value) ? (value as ErrorCode) : undefined;
}
