/**
 * The server's log settings: what is never written (passwords, codes, tokens, the values
 * bound to a failed query) and how errors are written without them (docs/security.md).
 */
import type { FastifyRequest } from 'fastify';
import type {
  FastifyBaseLogger,
  FastifyChildLoggerFactory,
  FastifyLoggerStreamDestination as DestinationStream,
  PinoLoggerOptions as LoggerOptions,
} from 'fastify/types/logger.js';

export type { DestinationStream };

/** Fields blanked wherever they appear in a logged object, up to two levels down. */
const SECRET_FIELDS = ['password', 'passwordHash', 'password_hash', 'otp', 'codeHash', 'code_hash', 'ticket', 'authorization', 'cookie'];
const SECRET_HEADERS = ['authorization', 'x-auth-token', 'cookie', 'set-cookie'];

export const REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
  ...SECRET_HEADERS.flatMap((h) => [`headers["${h}"]`, `*.headers["${h}"]`, `req.headers["${h}"]`, `res.headers["${h}"]`]),
  '*["x-auth-token"]',
  '["x-auth-token"]',
];

/** Properties of database errors that may quote stored or bound values, never logged. */
const VALUE_CARRIERS = new Set(['params', 'detail', 'where', 'internalQuery', 'parameters', 'values']);

interface SafeError {
  type: string;
  message: string;
  stack?: string;
  [key: string]: unknown;
}

/**
 * An error as logged: name, message, code-like fields and the stack's frames. A query that
 * failed keeps its SQL text but not its bound values (Drizzle puts them in the message and
 * `params`); PostgreSQL's `detail` can quote a whole row, so it goes too.
 */
export function safeError(error: unknown, depth = 0): SafeError | unknown {
  if (!(error instanceof Error) || depth > 4) return error;
  const e = error as Error & Record<string, unknown>;
  const message = typeof e.query === 'string' ? `Failed query: ${e.query}` : e.message;
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: SafeError = { type: e.name || e.constructor?.name || 'Error', message, stack: [`${e.name}: ${message}`, ...frames].join('\n') };
  for (const [key, value] of Object.entries(e)) {
    if (VALUE_CARRIERS.has(key) || key === 'query' || key === 'cause' || key === 'message' || key === 'stack') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  if (e.cause !== undefined) out.cause = safeError(e.cause, depth + 1);
  return out;
}

/**
 * Paths whose query string carries a secret: the mailed reset link's `token` (the page
 * /reset-password, served by the server) and the events stream's one-use `ticket`.
 */
const SECRET_QUERY_PATHS = new Set(['/reset-password', '/api/events']);
/** Query parameters that carry a secret on whatever path they are sent to: a signed tape URL's `sig` opens the tape for 6 hours. */
const SECRET_QUERY_PARAMS = new Set(['token', 'ticket', 'sig']);

/**
 * A request URL as logged (docs/security.md, "Redirects, raced passwords, secrets in the log, forged cursors, weak secrets"): without its query string on
 * the paths that take a secret there, and on any path whose query names one (`token`,
 * `ticket`, `sig`, in any letter case or percent-encoding), since a logged link stays live for
 * as long as it works. Other URLs are logged whole.
 */
/**
 * Paths whose segment after the prefix is a token: a review link's (docs/self-tapes.md) and
 * an invitation's to a casting office (docs/team.md). Never logged.
 */
const TOKEN_IN_PATH = /^(\/(?:api\/)?review\/|\/(?:api\/studio\/)?join\/)[^/?#]+/i;

export function loggedUrl(url: string): string {
  url = url.replace(TOKEN_IN_PATH, '$1[redacted]');
  const at = url.indexOf('?');
  if (at < 0) return url;
  const path = url.slice(0, at);
  if (SECRET_QUERY_PATHS.has(path.replace(/\/+$/, '').toLowerCase())) return path;
  try {
    for (const name of new URLSearchParams(url.slice(at + 1)).keys()) if (SECRET_QUERY_PARAMS.has(name.trim().toLowerCase())) return path;
  } catch {
    return path;
  }
  return url;
}

/**
 * The request as logged: Fastify's own fields, with the URL through `loggedUrl`. Any object
 * logged as `req` comes here, so nothing of the request is taken for granted.
 */
function requestSerializer(req: Partial<FastifyRequest>) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? loggedUrl(req.url) : undefined,
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

const REQUEST_ID = Symbol('request id');
type RequestLogger = FastifyBaseLogger & { [REQUEST_ID]?: string };

/**
 * Each request's logger (Fastify's childLoggerFactory), carrying the request's id without
 * pino's bindings: pino writes a child's bindings through the redaction as it makes the
 * child, and the wildcard paths above made that 3–4 µs on every request, a tenth of a
 * cached read, for an id that has nothing to redact (docs/performance.md). The id is put
 * on each line as it is written instead (`mixin` below), which a request that logs
 * nothing never pays for. A child of this logger inherits the id.
 */
export const requestLogger: FastifyChildLoggerFactory = (logger, bindings, opts) => {
  const child = logger.child({}, opts) as RequestLogger;
  child[REQUEST_ID] = String(bindings.reqId);
  return child;
};

export function loggerOptions(level: string, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: safeError, error: safeError, req: requestSerializer },
    mixin: (_line, _level, logger) => {
      const id = (logger as RequestLogger)[REQUEST_ID];
      return id === undefined ? {} : { reqId: id };
    },
    ...(stream ? { stream } : {}),
  };
}
