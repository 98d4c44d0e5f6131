/**
 * The catalogue of errors a call can answer. Services throw these through the named
 * factories of `errors` (never `new AppError` elsewhere); one handler in app.ts turns them
 * into `{ msg, code }` with their status. Codes come from contract/error-codes.ts
 * (docs/architecture.md, "How errors work").
 */
import type { ErrorCode } from '../contract/error-codes.js';
import { MSG } from '../contract/messages.js';

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode,
    /** Seconds, sent as Retry-After with 429 and 503. */
    readonly retryAfter?: number,
    /** The input the refusal is about (a zod issue's path joined with '.'), so a form shows it at that field. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export const errors = {
  badRequest: (msg: string, code: ErrorCode = 'bad_request', field?: string) => new AppError(400, msg, code, undefined, field),
  /** Bad input at one field: 400 `{ msg, code: 'invalid_input', field }`. */
  validation: (msg: string, field?: string) => new AppError(400, msg, 'invalid_input', undefined, field || undefined),
  unauthorized: (msg: string = MSG.unauthorized) => new AppError(401, msg, 'unauthorized'),
  /** 402: a paid plan (or a paid plan's room) is needed first. */
  paymentRequired: (msg: string, code: ErrorCode = 'payment_required') => new AppError(402, msg, code),
  forbidden: (msg: string, code: ErrorCode = 'forbidden') => new AppError(403, msg, code),
  notFound: (msg: string = MSG.notFound) => new AppError(404, msg, 'not_found'),
  conflict: (msg: string, code: ErrorCode = 'conflict') => new AppError(409, msg, code),
  /** 410: the address worked once and never will again (a review link that ended). */
  gone: (msg: string, code: ErrorCode) => new AppError(410, msg, code),
  tooLarge: (msg: string = MSG.bodyTooLarge) => new AppError(413, msg, 'too_large'),
  unsupportedType: (msg: string) => new AppError(415, msg, 'unsupported_type'),
  tooManyRequests: (retryAfter: number, msg: string = MSG.tooManyRequests, code: ErrorCode = 'too_many_requests') =>
    new AppError(429, msg, code, retryAfter),
  badGateway: (msg: string) => new AppError(502, msg, 'upstream_failed'),
  unavailable: (msg: string = MSG.unavailable) => new AppError(503, msg, 'unavailable', 5),
};

/** Whether the error, or one it wraps (Drizzle wraps the driver's), carries one of these codes. */
export function hasErrorCode(error: unknown, codes: readonly string[]): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && codes.includes(e.code)) return true;
  }
  return false;
}
