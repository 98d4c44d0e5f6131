import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUARDIAN_MSG } from '../../../contract/guardians-messages.js';
import { guardianEvents, performerAges, users } from '../../db/schema/index.js';
import { buildPerformer, newAddress } from '../../../../test/factories.js';
import { bornYearsAgo, consent, giveGuardian, putAge, tokenIn } from '../../../../test/guardian-factories.js';
import { buildStudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { ageOn, runGuardianSweep } from './guardians.service.js';
import { hashLinkToken } from '../../lib/link-token.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const getAge = (token: string) => t.app.inject({ method: 'GET', url: '/api/audition/age', headers: { 'x-auth-token': token } });
const guardianCall = (method: 'GET' | 'POST', token: string, action = '') =>
  t.app.inject({ method, url: `/api/guardian/${token}${action}`, remoteAddress: newAddress() });
const profileOf = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('ageOn', () => {
  it('counts a birthday from its day', () => {
    expect(ageOn('2008-06-15', '2026-06-14')).toBe(17);
    expect(ageOn('2008-06-15', '2026-06-15')).toBe(18);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
});

describe('PUT /api/audition/age', () => {
  it('an adult: no guardian needed, the free-text age follows, nothing held', async () => {
    const p = await buildPerformer(t);
    const res = await putAge(t, p, { dateOfBirth: bornYearsAgo(18), guardian: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ dateOfBirth: bornYearsAgo(18), minor: false, guardian: null });
    expect((await getAge(p.token)).json()).toEqual(res.json());
    const row = await profileOf(p._id);
    expect(row.age).toBe('18');
    expect(row.visibility).toBe('public');
  });

  it('17 years and 364 days is a minor: a guardian is required', async () => {
    const p = await buildPerformer(t);
    const res = await putAge(t, p, { dateOfBirth: bornYearsAgo(18, 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'guardian_required', field: 'guardian', msg: GUARDIAN_MSG.guardianRequired });
    expect((await getAge(p.token)).json()).toEqual({ dateOfBirth: null, minor: false, guardian: null });
  });

  it("refuses the performer's own e-mail as the guardian's", async () => {
    const p = await buildPerformer(t);
    const res = await putAge(t, p, { dateOfBirth: bornYearsAgo(15), guardian: { name: 'Me', email: p.email.toUpperCase() } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'guardian_email_own', field: 'guardian.email' });
  });

  it('refuses dates that do not exist, in the future, or more than 100 years ago', async () => {
    const p = await buildPerformer(t);
    for (const dateOfBirth of ['2010-02-30', '15/06/2010', bornYearsAgo(0, 1), bornYearsAgo(0), bornYearsAgo(101)]) {
      const res = await putAge(t, p, { dateOfBirth, guardian: null });
      expect(res.statusCode, dateOfBirth).toBe(400);
      expect(res.json().field).toBe('dateOfBirth');
    }
    expect((await putAge(t, p, { dateOfBirth: bornYearsAgo(100), guardian: null })).statusCode).toBe(200);
  });

  it('a minor: held and private, the guardian mailed a link whose hash only is kept', async () => {
    const p = await buildPerformer(t);
    const { email, token } = await giveGuardian(t, p, 15);
    const answer = (await getAge(p.token)).json();
    expect(answer).toEqual({ dateOfBirth: bornYearsAgo(15), minor: true, guardian: { name: 'Asha Rao', email, consentedAt: null, withdrawnAt: null } });
    const row = await profileOf(p._id);
    expect(row.visibility).toBe('private');
    expect(row.age).toBe('15');
    const [age] = await t.ctx.db.select().from(performerAges).where(eq(performerAges.userId, p._id));
    expect(age!.tokenHash).toBe(hashLinkToken(token));
    // Going public waits for consent.
    const flip = await t.app.inject({ method: 'POST', url: '/api/audition/updateBasicInfo', headers: { 'x-auth-token': p.token }, payload: { visibility: 'public' } });
    expect(flip.statusCode).toBe(403);
    expect(flip.json().code).toBe('guardian_consent_needed');
  });

  it('the free-text age of the appearance form keeps to the date of birth', async () => {
    const p = await buildPerformer(t);
    await putAge(t, p, { dateOfBirth: bornYearsAgo(30), guardian: null });
    const form = new URLSearchParams({ fname: p.fname, location: '', gender: 'Male', age: '21', height: '', weight: '', eyeColor: '', hairColor: '', bodyType: '' });
    const { formFields } = await import('../../../../test/form-data.js');
    const f = formFields(Object.fromEntries(form));
    const res = await t.app.inject({ method: 'POST', url: '/api/audition/updateAppearance', payload: f.payload, headers: { ...f.headers, 'x-auth-token': p.token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().age).toBe('30');
  });

  it('is for performers only', async () => {
    const s = await buildStudioAccount(t);
    expect((await getAge(s.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/audition/age' })).statusCode).toBe(401);
  });
});

describe('the guardian link', () => {
  it('shows the performer, consents without an account, and withdraws', async () => {
    const p = await buildPerformer(t, { fname: 'young lee' });
    const { token } = await giveGuardian(t, p);
    const seen = await guardianCall('GET', token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ performer: { name: 'young lee' }, consentedAt: null });
    const given = await guardianCall('POST', token, '/consent');
    expect(given.statusCode).toBe(200);
    expect(given.json().consentedAt).toEqual(expect.any(String));
    expect((await getAge(p.token)).json().guardian.consentedAt).toBe(given.json().consentedAt);
    // Consent given, the performer may go public.
    const flip = await t.app.inject({ method: 'POST', url: '/api/audition/updateBasicInfo', headers: { 'x-auth-token': p.token }, payload: { visibility: 'public' } });
    expect(flip.statusCode).toBe(200);
    const back = await guardianCall('POST', token, '/withdraw');
    expect(back.statusCode).toBe(200);
    expect(back.json().consentedAt).toBeNull();
    // The performer's profile says consent was withdrawn, not merely awaited.
    expect((await getAge(p.token)).json().guardian).toMatchObject({ consentedAt: null, withdrawnAt: expect.any(String) });
    expect((await profileOf(p._id)).visibility).toBe('private');
    const kinds = (await t.ctx.db.select().from(guardianEvents).where(eq(guardianEvents.userId, p._id))).map((e) => e.kind);
    expect(kinds).toEqual(['link_sent', 'consented', 'withdrawn']);
  });

  it('unknown is 404; replaced by "send the link again" it is 410, and the new one works', async () => {
    const p = await buildPerformer(t);
    const { email, token } = await giveGuardian(t, p);
    expect((await guardianCall('GET', 'x'.repeat(43))).statusCode).toBe(404);
    expect((await guardianCall('GET', 'short')).statusCode).toBe(404);
    const since = t.sink.messages.length;
    const again = await t.app.inject({ method: 'POST', url: '/api/audition/age/guardian-link', headers: { 'x-auth-token': p.token } });
    expect(again.statusCode).toBe(200);
    const fresh = tokenIn((await t.sink.waitFor(email, { since })).text);
    const dead = await guardianCall('POST', token, '/consent');
    expect(dead.statusCode).toBe(410);
    expect(dead.json()).toMatchObject({ code: 'guardian_link_dead', msg: GUARDIAN_MSG.linkDead });
    expect((await guardianCall('GET', fresh)).statusCode).toBe(200);
  });

  it('is dead after 14 days without consent', async () => {
    const p = await buildPerformer(t);
    const { token } = await giveGuardian(t, p);
    await t.ctx.db.update(performerAges).set({ tokenExpiresAt: new Date(Date.now() - 1000) }).where(eq(performerAges.userId, p._id));
    expect((await guardianCall('GET', token)).statusCode).toBe(410);
    expect((await guardianCall('POST', token, '/consent')).statusCode).toBe(410);
  });

  it('"send the link again" is refused once consent is given, and to an adult', async () => {
    const p = await buildPerformer(t);
    const { token } = await giveGuardian(t, p);
    await consent(t, token);
    expect((await t.app.inject({ method: 'POST', url: '/api/audition/age/guardian-link', headers: { 'x-auth-token': p.token } })).statusCode).toBe(409);
  });

  it('the mail says what the account is and how to withdraw', async () => {
    const p = await buildPerformer(t, { fname: 'mail kid' });
    const { email } = await giveGuardian(t, p);
    const mail = t.sink.messages.filter((m) => m.to === email).at(-1)!;
    expect(mail.subject).toBe(GUARDIAN_MSG.mailSubject('mail kid'));
    expect(mail.text).toContain('withdraw consent at any time');
  });
});

describe('turning 18', () => {
  it('the sweep lifts the hold on the 18th birthday, not the day before, and keeps the age text in step', async () => {
    const p = await buildPerformer(t);
    await giveGuardian(t, p, 17);
    const [row] = await t.ctx.db.select().from(performerAges).where(eq(performerAges.userId, p._id));
    const birthday18 = new Date(`${String(Number(row!.dateOfBirth.slice(0, 4)) + 18)}${row!.dateOfBirth.slice(4)}T00:30:00Z`);
    await runGuardianSweep(t.ctx.db, new Date(birthday18.getTime() - 86_400_000));
    expect((await getAge(p.token)).json().minor).toBe(true);
    expect((await profileOf(p._id)).age).toBe('17');
    const r = await runGuardianSweep(t.ctx.db, birthday18);
    expect(r.adults).toBeGreaterThanOrEqual(1);
    expect((await getAge(p.token)).json()).toMatchObject({ minor: false, guardian: null });
    expect((await profileOf(p._id)).age).toBe('18');
    // Free to go public without anyone's consent.
    const flip = await t.app.inject({ method: 'POST', url: '/api/audition/updateBasicInfo', headers: { 'x-auth-token': p.token }, payload: { visibility: 'public' } });
    expect(flip.statusCode).toBe(200);
    const kinds = (await t.ctx.db.select().from(guardianEvents).where(eq(guardianEvents.userId, p._id))).map((e) => e.kind);
    expect(kinds).toEqual(['link_sent', 'adult']);
  });
});

describe('export and deletion', () => {
  it("the export carries the guardian's details and the consent history; deletion takes them", async () => {
    const p = await buildPerformer(t);
    const { email, token } = await giveGuardian(t, p);
    await consent(t, token);
    const res = await t.app.inject({ method: 'GET', url: '/api/me/export', headers: { 'x-auth-token': p.token } });
    expect(res.statusCode).toBe(200);
    const file = JSON.parse(res.body) as { guardian: { dateOfBirth: string; guardian: { email: string }; history: { kind: string }[] } };
    expect(file.guardian.dateOfBirth).toBe(bornYearsAgo(15));
    expect(file.guardian.guardian.email).toBe(email);
    expect(file.guardian.history.map((h) => h.kind)).toEqual(['link_sent', 'consented']);
    await t.ctx.db.delete(users).where(eq(users.id, p._id));
    expect(await t.ctx.db.select().from(guardianEvents).where(eq(guardianEvents.userId, p._id))).toEqual([]);
    expect(await t.ctx.db.select().from(performerAges).where(eq(performerAges.userId, p._id))).toEqual([]);
  });
});
