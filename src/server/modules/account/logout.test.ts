/** POST /api/auth/logout: ends the one token it is called with, on every instance, and nothing else. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '../../../contract/messages.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { revokedTokens } from '../../db/schema/index.js';

let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // A second instance on the same database, which it must not close.
  second = await buildTestApp({}, { database: { ...t.ctx.database, close: async () => {} } });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const call = (on: TestApp, method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  on.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });
const login = async (p: Performer) => ((await call(t, 'POST', '/api/audition/login', undefined, { email: p.email, password: p.password })).json() as { token: string }).token;
const getUserData = (token: string, on = t) => call(on, 'GET', '/api/audition/getUserData', token);
const logout = (token?: string) => call(t, 'POST', '/api/auth/logout', token);

describe('POST /api/auth/logout', () => {
  it('revokes the token it is called with: its next call answers 401, another session of the user still works', async () => {
    const p = await buildPerformer(t);
    const other = await login(p);
    // Warm every cache first: the revocation must be seen through them at once.
    expect((await getUserData(p.token)).statusCode).toBe(200);
    expect((await getUserData(p.token, second)).statusCode).toBe(200);
    const res = await logout(p.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: MSG.loggedOut });
    expect((await getUserData(p.token)).statusCode).toBe(401);
    expect((await getUserData(other)).statusCode).toBe(200);
    expect((await logout(p.token)).statusCode).toBe(401);
  });

  it('is seen at once by another instance that had the user cached', async () => {
    const p = await buildPerformer(t);
    expect((await getUserData(p.token, second)).statusCode).toBe(200);
    expect((await logout(p.token)).statusCode).toBe(200);
    // The notification is delivered at commit; the other instance drops its entry when it arrives.
    await expect.poll(async () => (await getUserData(p.token, second)).statusCode).toBe(401);
  });

  it('answers 401 without a token or with a bad one, and revokes nothing', async () => {
    const p = await buildPerformer(t);
    for (const token of [undefined, 'not-a-token', `${p.token}x`]) {
      const res = await logout(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toHaveProperty('msg');
    }
    expect((await getUserData(p.token)).statusCode).toBe(200);
  });

  it('purges revoked ids past their expiry when another is added', async () => {
    const p = await buildPerformer(t);
    await t.ctx.db.insert(revokedTokens).values({ jti: 'long-expired-token-id', userId: p._id, expiresAt: new Date(Date.now() - 60_000) });
    expect((await logout(await login(p))).statusCode).toBe(200);
    const rows = await t.ctx.db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.userId, p._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.jti).not.toBe('long-expired-token-id');
  });
});
