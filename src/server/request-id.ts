/**
 * The id a request is logged and answered under (x-request-id). A client's own id is kept
 * only when it is a UUID, or, behind a trusted proxy (TRUST_PROXY_HOPS), a short token of
 * plain characters such as the proxy's own ids; anything else gets a fresh UUID, so no caller
 * can write arbitrary text into the log or make two requests look like one.
 */
import { randomUUID } from 'node:crypto';
import { isUuid } from './lib/uuid.js';

const PROXY_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFrom(header: string | string[] | undefined, behindProxy: boolean): string {
  const given = typeof header === 'string' ? header : undefined;
  if (given && (isUuid(given) || (behindProxy && PROXY_ID.test(given)))) return given;
  return randomUUID();
}
