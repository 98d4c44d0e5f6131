import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import { studios, users } from '../../db/schema/index.js';
import { buildPerformer, newAddress, performerInput } from '../../../../test/factories.js';
import { codeIn } from '../../../../test/smtp-sink.js';
import { buildStudioAccount, uploadImage, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAILS: 'boss@example.com' });
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

describe('studio sign-up', () => {
  it('creates a studio account that owns a new studio page, and login answers its role', async () => {
    const input = { ...performerInput(), fname: 'Kaveri Frames Two' };
    const ip = newAddress();
    expect((await t.app.inject({ method: 'POST', url: '/api/studio/web/signup', payload: input, remoteAddress: ip })).statusCode).toBe(200);
    const otp = codeIn(await t.sink.waitFor(input.email));
    const verify = await t.app.inject({ method: 'POST', url: '/api/studio/web/verify-otp', payload: { ...input, otp }, remoteAddress: ip });
    expect(verify.statusCode).toBe(200);
    const answer = verify.json() as { created: string; _id: string; studioId: string };
    expect(answer.created).toBe('create');
    const [studio] = await t.ctx.db.select().from(studios).where(eq(studios.id, answer.studioId));
    expect(studio).toMatchObject({ ownerId: answer._id, fname: 'Kaveri Frames Two', verified: false });
    const [user] = await t.ctx.db.select({ role: users.role }).from(users).where(eq(users.id, answer._id));
    expect(user?.role).toBe('studio');
    const login = await call('POST', '/api/audition/login', undefined, { email: input.email, password: input.password });
    expect(login.json()).toMatchObject({ _id: answer._id, role: 'studio' });
    // The new page is public at once.
    expect((await call('GET', `/api/studio/${answer.studioId}`)).json()).toMatchObject({ fname: 'Kaveri Frames Two', verified: false });
  });

  it('keeps the same code rules: a wrong code is refused and counts', async () => {
    const input = { ...performerInput(), fname: 'Wrong Code Studio' };
    const ip = newAddress();
    await t.app.inject({ method: 'POST', url: '/api/studio/web/signup', payload: input, remoteAddress: ip });
    const otp = codeIn(await t.sink.waitFor(input.email));
    const wrong = otp === '0000' ? '1111' : '0000';
    const res = await t.app.inject({ method: 'POST', url: '/api/studio/web/verify-otp', payload: { ...input, otp: wrong }, remoteAddress: ip });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'otp_wrong' });
    const again = await t.app.inject({ method: 'POST', url: '/api/studio/web/signup', payload: input, remoteAddress: ip });
    expect(again.statusCode).toBe(429);
  });

  it('answers 409 when the e-mail already has an account of the other kind, either way', async () => {
    const performer = await buildPerformer(t);
    const asStudio = await call('POST', '/api/studio/web/signup', undefined, { fname: 'Taken', email: performer.email, number: '9820012345', password: 'long enough pw' });
    expect(asStudio.statusCode).toBe(409);
    expect(asStudio.json()).toMatchObject({ msg: MARKET_MSG.accountIsOther('performer') });
    const studio = await buildStudioAccount(t);
    const asPerformer = await call('POST', '/api/audition/web/signup', undefined, { fname: 'taken', email: studio.email, number: '9820012345', password: 'long enough pw' });
    expect(asPerformer.statusCode).toBe(409);
    expect(asPerformer.json()).toMatchObject({ msg: MARKET_MSG.accountIsOther('studio') });
  });

  it('does not let a performer sign-up be finished at the studio verify call', async () => {
    const input = performerInput();
    const ip = newAddress();
    await t.app.inject({ method: 'POST', url: '/api/audition/web/signup', payload: input, remoteAddress: ip });
    const otp = codeIn(await t.sink.waitFor(input.email));
    const res = await t.app.inject({ method: 'POST', url: '/api/studio/web/verify-otp', payload: { ...input, otp }, remoteAddress: ip });
    expect(res.statusCode).toBe(400);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, input.email));
    expect(user).toBeUndefined();
  });

  it('refuses bad sign-up input with 400 naming the field', async () => {
    const res = await call('POST', '/api/studio/web/signup', undefined, { fname: 'x'.repeat(101), email: 'a@b.co', number: '1', password: 'long enough pw' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/Studio name/);
  });
});

describe('roles', () => {
  let studio: StudioAccount;
  let performerToken: string;
  beforeAll(async () => {
    studio = await buildStudioAccount(t);
    performerToken = (await buildPerformer(t)).token;
  });

  it('answers 403 to a studio token on performer calls', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/audition/getUserData', undefined],
      ['POST', '/api/audition/updateBasicInfo', { visibility: 'private' }],
      ['POST', '/api/audition/updateAppearance', { age: '20' }],
      ['POST', '/api/upload/profilePic', { profilePicUrl: '/uploads/x' }],
      ['POST', '/api/upload/media', { mediaType: 'photos', media: '/uploads/x' }],
      ['DELETE', '/api/upload/media', { mediaType: 'photos', media: '/uploads/x' }],
    ] as const) {
      const res = await call(method, url, studio.token, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ msg: MARKET_MSG.performersOnly });
    }
  });

  it('answers 403 to a performer token and 401 to no token on studio calls', async () => {
    for (const [method, url] of [
      ['GET', '/api/studio/me'],
      ['POST', '/api/studio/me'],
      ['GET', '/api/studio/jobs'],
      ['POST', '/api/studio/jobs'],
      ['PATCH', '/api/studio/jobs/00000000-0000-0000-0000-000000000000'],
      ['POST', '/api/studio/jobs/00000000-0000-0000-0000-000000000000/close'],
      ['DELETE', '/api/studio/jobs/00000000-0000-0000-0000-000000000000'],
    ] as const) {
      const res = await call(method, url, performerToken, {});
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ msg: MARKET_MSG.studiosOnly });
      expect((await call(method, url, undefined, {})).statusCode, url).toBe(401);
    }
  });

  it('lets a studio upload through the storage calls', async () => {
    expect(await uploadImage(t, studio.token)).toMatch(/^\/uploads\//);
  });
});

describe('GET and POST /api/studio/me', () => {
  let studio: StudioAccount;
  beforeAll(async () => {
    studio = await buildStudioAccount(t, { fname: 'Me Studio' });
  });

  it('answers the own page', async () => {
    const res = await call('GET', '/api/studio/me', studio.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: studio.studioId, fname: 'Me Studio', verified: false, profilePic: '', banner: '' });
  });

  it('saves the page, shows it at once on the list, the search and the detail, and changes the list ETag', async () => {
    const list = await call('GET', '/api/audition/getAllStudio');
    const etag = list.headers.etag as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/audition/getAllStudio', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const pic = await uploadImage(t, studio.token);
    const banner = await uploadImage(t, studio.token);
    const body = { fname: 'Renamed Zebra Studio', location: 'Goa', projectDesc: 'We cast for films.', number: '9800000000', profilePic: pic, banner };
    const saved = await call('POST', '/api/studio/me', studio.token, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...body, verified: false });
    const next = await t.app.inject({ method: 'GET', url: '/api/audition/getAllStudio', headers: { 'if-none-match': etag } });
    expect(next.statusCode).toBe(200);
    expect(next.json()).toContainEqual(expect.objectContaining({ _id: studio.studioId, fname: 'Renamed Zebra Studio' }));
    expect((await call('GET', `/api/studio/${studio.studioId}`)).json()).toMatchObject(body);
    expect((await call('GET', '/api/showAllStudioList?search=zebra')).json()).toContainEqual(expect.objectContaining({ _id: studio.studioId }));
    // A partial save keeps the rest.
    expect((await call('POST', '/api/studio/me', studio.token, { location: 'Pune' })).json()).toMatchObject({ fname: 'Renamed Zebra Studio', location: 'Pune' });
  });

  it('refuses bad input with 400 naming the field and stores nothing', async () => {
    const other = await buildStudioAccount(t);
    const foreign = await uploadImage(t, other.token);
    const before = (await call('GET', '/api/studio/me', studio.token)).json();
    for (const [body, field] of [
      [{ fname: '' }, /Name/],
      [{ fname: 5 }, /Name/],
      [{ location: 'x'.repeat(201) }, /Location/],
      [{ projectDesc: 'x'.repeat(5001) }, /Description/],
      [{ number: 'abc' }, /Phone/],
      [{ profilePic: foreign }, /Picture/],
      [{ banner: 'https://evil.example/x.png' }, /Banner/],
      [{ colour: 'red' }, /colour/],
    ] as const) {
      const res = await call('POST', '/api/studio/me', studio.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg, JSON.stringify(body)).toMatch(field);
    }
    expect((await call('GET', '/api/studio/me', studio.token)).json()).toEqual(before);
  });
});

describe('admin verification', () => {
  it('lets an admin of either kind verify a studio, and answers 403 to everyone else', async () => {
    const studio = await buildStudioAccount(t);
    const stranger = await buildPerformer(t);
    expect((await call('POST', `/api/admin/studios/${studio.studioId}/verify`, stranger.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/studios/${studio.studioId}/verify`, studio.token)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/studios/${studio.studioId}/verify`)).statusCode).toBe(401);
    const admin = await buildStudioAccount(t, { email: 'boss@example.com' });
    const res = await call('POST', `/api/admin/studios/${studio.studioId}/verify`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: studio.studioId, verified: true });
    expect((await call('GET', '/api/studio/me', studio.token)).json()).toMatchObject({ verified: true });
    expect((await call('GET', `/api/studio/${studio.studioId}`)).json()).toMatchObject({ verified: true });
    expect((await call('POST', '/api/admin/studios/not-a-uuid/verify', admin.token)).statusCode).toBe(400);
  });
});
