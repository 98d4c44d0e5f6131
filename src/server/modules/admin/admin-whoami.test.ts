import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, type Performer } from '../../../../test/factories.js';
import { parseAdminEmails } from './admin-access.js';

let t: TestApp;
let admin: Performer;
let performer: Performer;
beforeAll(async () => {
  // The address is listed in another case and with spaces: accounts keep e-mails lower-cased.
  t = await buildTestApp({ ADMIN_EMAILS: ' Boss@Example.com , other@example.com' });
  admin = await buildPerformer(t, { email: 'boss@example.com' });
  performer = await buildPerformer(t);
});
afterAll(async () => {
  await t.close();
});

const whoami = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/whoami', headers: token ? { 'x-auth-token': token } : {} });

describe('GET /api/admin/whoami', () => {
  it('answers an administrator listed in ADMIN_EMAILS', async () => {
    const res = await whoami(admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: admin._id, email: 'boss@example.com', admin: true });
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('refuses any other account with 403 { msg }', async () => {
    const res = await whoami(performer.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ msg: MSG.adminOnly });
  });

  it('answers 401 without a token or with a bad one', async () => {
    expect((await whoami()).statusCode).toBe(401);
    const bad = await whoami('not-a-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ msg: MSG.unauthorized });
  });
});

describe('parseAdminEmails', () => {
  it('reads a comma-separated list, ignoring blanks and case', () => {
    expect([...parseAdminEmails('A@x.com, ,b@Y.com,')]).toEqual(['a@x.com', 'b@y.com']);
    expect(parseAdminEmails('').size).toBe(0);
  });
});
