/** The pages of the single-page app answer 200; unknown addresses and unknown records answer 404 with the same page. */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contract/messages.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { studios, users } from '../db/schema/index.js';
import { matchWebRoute, WEB_ROUTES } from './web-routes.js';

const INDEX = '<!doctype html><html><head><title>Audition</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let webDist: string;
let studioId: string;
let deletedStudioId: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'audition-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), INDEX);
  await writeFile(path.join(webDist, 'assets', 'app-1.js'), 'console.log(1);');
  t = await buildTestApp({}, { webDist });
  const [row] = await t.ctx.db.insert(studios).values({ fname: 'Kaveri Frames', location: 'Chennai' }).returning({ id: studios.id });
  studioId = row!.id;
  // A deleted account's studio row that stays for its applicants (docs/account.md).
  const [deleted] = await t.ctx.db.insert(studios).values({ fname: MSG.deletedAccount, deletedAt: new Date() }).returning({ id: studios.id });
  deletedStudioId = deleted!.id;
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

function expectPage(res: Awaited<ReturnType<typeof get>>, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.body).toContain('<div id="root"></div>');
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('pages of the web app', () => {
  // Every page of the one list (contract/web-paths.ts) without a parameter is a page here.
  it.each(WEB_ROUTES.map((r) => r.path).filter((p) => !p.includes(':')))('%s, a path of WEB_PATHS, answers 200 with the page', async (url) =>
    expectPage(await get(url), 200),
  );

  it.each(['/', '/contact', '/studio', '/login', '/media/photos', '/apperance', '/editProfile', '/login?next=%2Fmedia%2Fphotos', '/contact/'])(
    '%s answers 200 with the page',
    async (url) => expectPage(await get(url), 200),
  );

  // The login lives in the browser's storage and goes only with API calls, so a page load
  // says nothing of who asks: a performer's studio page, a studio's performer page and a
  // logged-in /signup are the explaining page with 200 (docs/screens.md, "Wrong place, said").
  it.each(['/dashboard', '/dashboard/studio', '/profile', '/media/photos', '/signup', '/studio-signup'])(
    'answers %s 200 whatever login header comes with the page load',
    async (url) => {
      const plain = await get(url);
      const withHeader = await t.app.inject({ method: 'GET', url, headers: { 'x-auth-token': 'a-token-the-page-load-never-carries' } });
      expectPage(plain, 200);
      expectPage(withHeader, 200);
    },
  );

  it('answers an existing studio page with 200', async () => {
    expectPage(await get(`/studio-detail/${studioId}`), 200);
  });

  it.each(['/no-such-page', '/media/photos/extra', '/media', '/studio-detail', '/assets/missing-1.js', '/studio//contact'])(
    'answers the unknown address %s with 404 and the same page',
    async (url) => expectPage(await get(url), 404),
  );

  it.each([
    ['an unknown studio id', () => `/studio-detail/${randomUUID()}`],
    ['an id that is not a UUID', () => '/studio-detail/not-a-uuid'],
    ['a deleted account’s emptied studio', () => `/studio-detail/${deletedStudioId}`],
  ])('answers %s on /studio-detail with 404 and the same page', async (_case, url) => {
    expectPage(await get(url()), 404);
  });

  it('keeps an unknown API address a JSON 404, and non-GET calls too', async () => {
    for (const res of [await get('/api/no-such-call'), await t.app.inject({ method: 'POST', url: '/no-such-page' })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: MSG.notFound, code: 'not_found' });
    }
  });

  it('still serves the built files', async () => {
    const res = await get('/assets/app-1.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1);');
  });
});

describe('a portfolio page', () => {
  const performer = async (visibility: string, fname: string) => {
    const [row] = await t.ctx.db
      .insert(users)
      .values({ email: `${randomUUID()}@example.com`, fname, passwordHash: 'x', category: 'Dancer', location: 'Mumbai', visibility, profilePic: '/uploads/images/p.png', profileStatedAt: new Date() })
      .returning({ id: users.id });
    return row!.id;
  };

  it('is served with its own title and Open Graph tags, the name escaped', async () => {
    const id = await performer('public', 'Asha <Rao> & "Co"');
    const res = await get(`/talent/${id}`);
    expectPage(res, 200);
    expect(res.body).toContain('<title>Asha &lt;Rao&gt; &amp; &quot;Co&quot; · Portfolio · Audition</title>');
    expect(res.body).toContain('<meta property="og:title" content="Asha &lt;Rao&gt; &amp; &quot;Co&quot; · Portfolio · Audition" />');
    expect(res.body).toContain('<meta property="og:description" content="Dancer in Mumbai, on Audition." />');
    expect(res.body).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/uploads\/images\/p\.png" \/>/);
  });

  it('answers 404 without a preview for a private, unknown or studio id', async () => {
    const hidden = await performer('private', 'Hidden Person');
    for (const url of [`/talent/${hidden}`, `/talent/${randomUUID()}`, '/talent/nope']) {
      const res = await get(url);
      expectPage(res, 404);
      expect(res.body).not.toContain('og:title');
      expect(res.body).not.toContain('Hidden Person');
    }
  });
});

describe('matchWebRoute', () => {
  it('matches like React Router: params, any case, a trailing slash', () => {
    expect(matchWebRoute('/studio-detail/:id', '/studio-detail/abc')).toEqual({ id: 'abc' });
    expect(matchWebRoute('/editProfile', '/editprofile/')).toEqual({});
    expect(matchWebRoute('/studio-detail/:id', '/studio-detail')).toBeNull();
    expect(matchWebRoute('/studio', '/studios')).toBeNull();
  });
});

