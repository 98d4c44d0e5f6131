/**
 * The one way the web app calls the server: JSON or form bodies, the token in
 * x-auth-token, and every failure thrown as an ApiError carrying the server's msg and its
 * code, typed from contract/error-codes.ts (docs/architecture.md, "How errors work").
 */
import { errorCodeOf, type ErrorCode } from '../../contract/error-codes';
import { MSG } from '../../contract/messages';
import { session } from './session';
import { keyFor, settled } from './idempotency-keys';

/** The server's codes, and `network` for a call that never reached it. */
export type ApiErrorCode = ErrorCode | 'network';
/** One refused input: its field (a path joined with '.') and what is wrong with it. */
export interface FieldProblem {
  field: string;
  msg: string;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Undefined when the answer carried no code this app knows. */
    readonly code?: ApiErrorCode,
    /** Seconds until a refused call (429) may be tried again. */
    readonly retryAfter?: number,
    /** The input a 400 is about (the server's `field`, e.g. "email" or "roles.0.pay"). */
    readonly field?: string,
    /** Every problem at its field, when the server lists them (PUT /api/audition/resume's `problems`). */
    readonly problems?: readonly FieldProblem[],
    /** The earliest allowed instant (ISO) a `deadline_too_soon` answer names in its `earliest`. */
    readonly earliest?: string,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  form?: FormData;
  /** Send the stored token (default true when one exists). */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts);
  if (!res.ok) throw await errorFrom(res);
  if (res.status === 204) return undefined as T;
  return answerOf<T>(opts.method ?? (opts.json !== undefined || opts.form ? 'POST' : 'GET'), path, res);
}

/**
 * A call's answer. In development and tests a read's answer is first checked against the
 * schema the server answers it with (answer-check.ts); the production build drops the check,
 * and with it every zod schema, since the CSP refuses what zod needs (docs/architecture.md).
 */
async function answerOf<T>(method: string, path: string, res: Response): Promise<T> {
  const data: unknown = await res.json();
  if (import.meta.env.DEV || import.meta.env.MODE === 'test') {
    const { checkAnswer } = await import('./answer-check');
    checkAnswer(method, path, data);
  }
  return data as T;
}

/** A GET that answers null on 304, for polling with If-None-Match. `headers` carries e.g. a next-page cursor. */
export async function apiPoll<T>(
  path: string,
  etag: string | null,
  signal?: AbortSignal,
): Promise<{ data: T; etag: string | null; headers: Headers } | null> {
  const res = await send(path, { headers: etag ? { 'if-none-match': etag } : {}, signal });
  if (res.status === 304) return null;
  if (!res.ok) throw await errorFrom(res);
  return { data: await answerOf<T>('GET', path, res), etag: res.headers.get('etag'), headers: res.headers };
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { ...opts.headers };
  const token = session.token();
  if (token && opts.auth !== false) headers['x-auth-token'] = token;
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    body = opts.form;
  }
  const method = opts.method ?? (body ? 'POST' : 'GET');
  // Every write carries an Idempotency-Key, the same for the same call made again after a failure
  // (idempotency-keys.ts); a form's body is not compared, so each form call is its own action.
  const keyed = method !== 'GET' && !headers['idempotency-key'];
  const action = keyed && typeof body !== 'object' ? `${method} ${path}\n${body ?? ''}` : null;
  if (keyed) headers['idempotency-key'] = keyFor(action);
  try {
    const res = await fetch(path, { method, headers, body, signal: opts.signal, cache: 'no-cache' });
    if (res.ok) settled(action);
    return res;
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError((err as Error).message || 'Network error', 0, 'network');
  }
}

async function errorFrom(res: Response): Promise<ApiError> {
  return apiErrorFrom(res.status, await res.json().catch(() => null), Number(res.headers.get('retry-after')) || undefined);
}

/**
 * The ApiError of a failed answer: the server's msg, or the status when the body has none.
 * A 429 also says when to try again (Retry-After, or retryAfter in the body).
 */
export function apiErrorFrom(status: number, body: unknown, retryHeader?: number): ApiError {
  const { msg, code, retryAfter, field, problems, earliest } = (body ?? {}) as { msg?: unknown; code?: unknown; retryAfter?: unknown; field?: unknown; problems?: unknown; earliest?: unknown };
  const wait = typeof retryAfter === 'number' ? retryAfter : retryHeader;
  const text = typeof msg === 'string' ? msg : `Request failed with status code ${status}`;
  const listed = Array.isArray(problems)
    ? problems.filter((p): p is FieldProblem => typeof p === 'object' && p !== null && typeof p.field === 'string' && typeof p.msg === 'string')
    : undefined;
  return new ApiError(status === 429 && wait ? `${text} ${MSG.retryIn(wait)}` : text, status, errorCodeOf(code), wait, typeof field === 'string' ? field : undefined, listed, typeof earliest === 'string' ? earliest : undefined);
}

/** The code of a failed call, the one place screens read it: undefined for anything else thrown. */
export function errorCode(err: unknown): ApiErrorCode | undefined {
  return err instanceof ApiError ? err.code : undefined;
}
