import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { buildPerformer, type Performer } from '../../../test/factories.js';
import { makeImage, multipart } from '../../../test/media-files.js';
import { HSTS, outsideSources, PERMISSIONS_POLICY } from './security-headers.js';
import { ROBOTS_TXT } from './web-app.js';

let webDist: string;
let t: TestApp;
let p: Performer;
beforeAll(async () => {
  // A built web app of our own: the headers do not depend on what the page holds.
  webDist = await mkdtemp(path.join(os.tmpdir(), 'audition-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><script type="module" src="/assets/app-1.js"></script></body></html>');
  await writeFile(path.join(webDist, 'assets', 'app-1.js'), 'console.log(1);');
  t = await buildTestApp({ TRUST_PROXY_HOPS: '1' }, { webDist });
  p = await buildPerformer(t);
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The policy's directives by name. */
function directives(policy: unknown): Map<string, string[]> {
  return new Map(
    String(policy)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe.each(['/', '/media/photos', '/contact'])('the page at %s', (url) => {
  it('carries a policy that runs only our own scripts and the answer’s nonce, never an inline one', async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = directives(res.headers['content-security-policy']);
    const nonce = /<meta name="csp-nonce" content="([^"]+)"/.exec(res.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-inline');
    // Demo payments: nothing of PayPal's is allowed.
    expect(String(res.headers['content-security-policy'])).not.toContain('paypal');
  });

  it('refuses framing, and sets the referrer and permissions policies', async () => {
    const res = await get(url);
    expect(res.headers).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'permissions-policy': PERMISSIONS_POLICY,
      'x-content-type-options': 'nosniff',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cache-control': 'no-store',
    });
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends Strict-Transport-Security only through a trusted TLS proxy', async () => {
    expect((await get(url)).headers['strict-transport-security']).toBeUndefined();
    expect((await get(url, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe(HSTS);
  });
});

describe('nonces', () => {
  it('differ between answers', async () => {
    const [a, b] = [await get('/'), await get('/')];
    expect(a.headers['content-security-policy']).not.toBe(b.headers['content-security-policy']);
  });
});

describe('an uploaded file', () => {
  it('keeps its sandbox policy, nosniff and private caching', async () => {
    const body = multipart({ filename: 'me.png', contentType: 'image/png', body: await makeImage('png') });
    const upload = await t.app.inject({ method: 'POST', url: '/api/storage/images', payload: body.payload, headers: { ...body.headers, 'x-auth-token': p.token } });
    expect(upload.statusCode).toBe(200);
    const res = await get((upload.json() as { url: string }).url);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=300',
      'accept-ranges': 'bytes',
    });
    expect(res.headers.etag).toBeTruthy();
  });
});

describe('robots.txt', () => {
  it('is a plain-text robots file, not the page', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(ROBOTS_TXT);
    expect(res.body).toMatch(/^User-agent: \*$/m);
  });
});

describe('an API answer', () => {
  it('carries the same defences', async () => {
    const res = await get('/api/config');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('are the page’s own, but for the nonce', async () => {
    const [page, api] = [await get('/'), await get('/api/config')];
    const defences = Object.keys(page.headers).filter((name) => !['content-type', 'content-length', 'cache-control', 'etag', 'date', 'connection', 'x-request-id', 'vary', 'last-modified', 'accept-ranges'].includes(name));
    expect(defences).toEqual(expect.arrayContaining(['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy']));
    for (const name of defences) {
      expect(api.headers[name], name).toBe(String(page.headers[name]).replace(/'nonce-[^']+'/g, "'self'"));
    }
  });

  it.each([
    ['a refusal', 'GET', '/api/audition/getUserData', 401],
    ['an unknown call', 'GET', '/api/no-such-call', 404],
    ['an unknown call of another method', 'POST', '/api/no-such-call', 404],
  ] as const)('carries them on %s too', async (_what, method, url, status) => {
    const res = await t.app.inject({ method, url, headers: { 'x-forwarded-proto': 'https' } });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toHaveProperty('msg');
    expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'permissions-policy': PERMISSIONS_POLICY, 'strict-transport-security': HSTS });
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

describe.each(['/healthz', '/robots.txt', '/sitemap.xml'])('%s, which is not a page', (url) => {
  it('carries the API’s defences', async () => {
    const [api, res] = [await get('/api/config'), await get(url)];
    expect(res.statusCode).toBe(200);
    for (const name of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy']) {
      expect(res.headers[name], name).toBeTruthy();
      expect(res.headers[name], name).toBe(api.headers[name]);
    }
  });
});

describe('an app without the web app', () => {
  it('answers an unknown address 404 with every defence', async () => {
    const bare = await buildTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/no-such-page' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toHaveProperty('msg');
      expect(res.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'permissions-policy': PERMISSIONS_POLICY });
      expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    } finally {
      await bare.close();
    }
  });
});

describe('outsideSources', () => {
  const env = (settings: Record<string, string>) => loadConfig({ DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(20) + 'abcdefghijklmn', ...settings }).env;

  it('allows PayPal’s hosts and the SDK’s own origin only when PayPal sells the plans', () => {
    expect(outsideSources(env({})).paypal).toEqual([]);
    const paypal = env({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's', PAYPAL_SDK_URL: 'http://127.0.0.1:4567/sdk/js' });
    expect(outsideSources(paypal).paypal).toEqual(['https://*.paypal.com', 'https://*.paypalobjects.com', 'http://127.0.0.1:4567']);
    const live = env({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's' });
    expect(outsideSources(live).paypal).toContain('https://www.paypal.com');
  });

  it('allows the bucket’s origin only when files live in a bucket', () => {
    expect(outsideSources(env({})).storage).toEqual([]);
    expect(outsideSources(env({ S3_BUCKET: 'b', S3_PUBLIC_URL: 'https://cdn.example.com/media/' })).storage).toEqual(['https://cdn.example.com']);
    expect(outsideSources(env({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000' })).storage).toEqual(['http://127.0.0.1:9000']);
    expect(outsideSources(env({ S3_BUCKET: 'b', S3_REGION: 'eu-west-1' })).storage).toEqual(['https://b.s3.eu-west-1.amazonaws.com', 'https://b.s3.amazonaws.com']);
  });
});

describe('the PayPal policy on the page', () => {
  it('lets the SDK load its script and frames', async () => {
    const paypal = await buildTestApp({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's', PAYPAL_SDK_URL: 'http://127.0.0.1:4567/sdk/js' }, { webDist });
    try {
      const csp = directives((await paypal.app.inject({ method: 'GET', url: '/subscription' })).headers['content-security-policy']);
      for (const name of ['script-src', 'frame-src', 'connect-src', 'img-src']) {
        expect(csp.get(name)).toEqual(expect.arrayContaining(['https://*.paypal.com', 'http://127.0.0.1:4567']));
      }
    } finally {
      await paypal.close();
    }
  });
});
