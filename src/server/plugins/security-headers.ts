/**
 * The browser's defences on every answer, from helmet's settings below: worked out once for
 * answers that are not pages, through @fastify/helmet for the web app's pages
 * (docs/product.md §13, docs/architecture.md "Security headers"). The token lives in
 * localStorage (§10), so one injected script could read it: the Content-Security-Policy
 * lets the page run only our own scripts and PayPal's, never an inline one.
 *
 * - Sources come from the settings: PayPal's hosts only when PayPal sells the plans (plus the
 *   SDK's own origin, which is a loopback fake in the tests); the bucket's origin only when
 *   files live in a bucket.
 * - One nonce per answer is allowed for scripts and styles: the page hands it to PayPal's SDK
 *   (`data-csp-nonce`), which marks the styles it injects with it.
 * - Strict-Transport-Security only when the request came through a TLS proxy we trust
 *   (TRUST_PROXY_HOPS > 0 and X-Forwarded-Proto https): sent over plain HTTP on a laptop it
 *   would pin localhost to HTTPS in the browser.
 * - Uploaded files set their own, stricter policy (`default-src 'none'; sandbox`), which
 *   replaces this one on their answers.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import type { Env } from '../config.js';

/** PayPal's hosts for its JS SDK: scripts, its button frames, its calls and images. */
const PAYPAL_HOSTS = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

/** What the page may use from elsewhere: the same list the policy is built from, for tests and docs. */
export function outsideSources(env: Env): { paypal: string[]; storage: string[] } {
  const paypal = env.PAYMENTS === 'paypal' ? [...PAYPAL_HOSTS, originOf(env.PAYPAL_SDK_URL)].filter(isString) : [];
  const storage: string[] = [];
  if (env.S3_BUCKET) {
    if (env.S3_PUBLIC_URL) storage.push(originOf(env.S3_PUBLIC_URL) ?? '');
    // Without a public URL the app redirects to a signed URL on the bucket's own host.
    else if (env.S3_ENDPOINT) storage.push(originOf(env.S3_ENDPOINT) ?? '');
    else storage.push(`https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`, `https://${env.S3_BUCKET}.s3.amazonaws.com`);
  }
  return { paypal: unique(paypal), storage: unique(storage.filter(Boolean)) };
}

/** The directives of the page's policy; `nonce` is the answer's own nonce source. */
export function cspDirectives(env: Env, nonce: string | ((req: unknown, res: ServerResponse) => string)) {
  const { paypal, storage } = outsideSources(env);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", nonce, ...paypal],
    styleSrc: ["'self'", nonce, ...paypal],
    // data: for small inline icons, blob: for the preview of a photo before it is uploaded.
    imgSrc: ["'self'", 'data:', 'blob:', ...storage, ...paypal],
    mediaSrc: ["'self'", 'blob:', ...storage],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...paypal],
    // blob: for the stamped sides shown beside the camera on the record screen (docs/media.md).
    frameSrc: ['blob:', ...paypal],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    scriptSrcAttr: ["'none'"],
    // Not upgrade-insecure-requests: on plain-HTTP development and test servers it breaks
    // every request; behind TLS, Strict-Transport-Security does the same job.
  };
}

/** Browser features the portal never uses, switched off for the page and every frame in it; the camera and microphone for recording a tape on the page only (docs/media.md). */
export const PERMISSIONS_POLICY = 'accelerometer=(), camera=(self), geolocation=(), gyroscope=(), magnetometer=(), microphone=(self), usb=(), payment=(self)';
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Headers of every answer, page or not: the permissions policy and, behind TLS, HSTS. */
export function addBrowserPolicies(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // Fastify reads X-Forwarded-Proto only from the proxies TRUST_PROXY_HOPS trusts.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}

/**
 * Helmet's headers on every answer of `scope` that is not a page (the API, stored files,
 * robots.txt, the sitemap, health). No script runs there, so the policy needs no nonce and
 * is the same every time: helmet works the headers out once, here. Through
 * @fastify/helmet, which builds them again on each answer, they cost about 20 µs, half of
 * a cached read; even its hooks that only skip a route held a cached read 9–21 % slower
 * (docs/performance.md, "The cost of every request").
 */
export function addFixedSecurityHeaders(scope: FastifyInstance, env: Env): void {
  const headers = fixedSecurityHeaders(env);
  scope.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers of every answer that is not a page, worked out once (also given to the answers Fastify's router makes itself, app.ts). */
export function fixedSecurityHeaders(env: Env): Record<string, string> {
  return headersOf(helmet(helmetOptions(env, "'self'")));
}

/** Helmet's headers on the web app's pages and assets, through @fastify/helmet: each page has a nonce of its own. */
export async function registerPageSecurityHeaders(scope: FastifyInstance, env: Env): Promise<void> {
  await scope.register(fastifyHelmet, { global: true, ...helmetOptions(env, (_req, res) => `'nonce-${nonceOf(res)}'`) });
}

/** helmet's settings, the same for pages and other answers but for the nonce source. */
function helmetOptions(env: Env, nonce: Parameters<typeof cspDirectives>[1]) {
  return {
    contentSecurityPolicy: { useDefaults: false as const, directives: cspDirectives(env, nonce) },
    // PayPal's checkout opens a popup that talks back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
    // Media players, and images in a bucket, load cross-origin without CORP headers of their own.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    strictTransportSecurity: false,
    // The page answers the same everywhere: no need to tell the world which server runs it.
    xPoweredBy: false,
  };
}

/** The headers a helmet middleware sets on an answer, read once from a stand-in answer. */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const answer = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({} as IncomingMessage, answer as unknown as ServerResponse, () => {});
  return headers;
}

type WithNonce = ServerResponse & { cspNonce?: string };

/** The answer's nonce, made on first use: the same one is given to scripts, styles and the page. */
function nonceOf(res: ServerResponse): string {
  const raw = res as WithNonce;
  raw.cspNonce ??= randomBytes(16).toString('base64');
  return raw.cspNonce;
}

/** The nonce of this answer's policy, for the page that carries it. */
export function cspNonce(reply: FastifyReply): string {
  return nonceOf(reply.raw);
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const isString = (value: string | null): value is string => typeof value === 'string';
const unique = (values: string[]) => [...new Set(values)];
