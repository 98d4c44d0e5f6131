import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import { MSG } from '../../../contract/messages.js';
import type { UserProfile } from '../../../contract/profile.js';
import { latestYear, RESUME_LIMITS, RESUME_MSG, type Resume, type ResumeBody } from '../../../contract/resume.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });
const getResume = async (p: Performer) => {
  const res = await call('GET', '/api/audition/resume', p.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Resume;
};
const putResume = (p: Performer, body: unknown) => call('PUT', '/api/audition/resume', p.token, body);
const profile = async (p: Performer) => (await call('GET', '/api/audition/getUserData', p.token)).json() as UserProfile;
const appearance = (p: Performer, fields: Record<string, string>) =>
  call('POST', '/api/audition/updateAppearance', p.token, { fname: p.fname, location: '', gender: 'Male', ...fields });

const full: ResumeBody = {
  credits: [
    { category: 'theatre', role: 'Puck', production: 'A Midsummer Night’s Dream', company: 'Prithvi Theatre', director: 'R. Menon', year: 2019 },
    { category: 'film', role: 'Zoë', production: 'Monsoon Letters', company: 'Lotus Films', director: 'A. Rao', year: 2021 },
    { category: 'film', role: 'Lead', production: 'City of Ash', year: 2024 },
    { category: 'commercial', role: 'Mother', production: 'Tea ad', year: 2023 },
  ],
  training: [{ course: 'Acting diploma', school: 'National School of Drama', year: 2018 }],
  skills: [
    { name: 'Swimming', level: 'expert' },
    { name: 'Kathakali', level: 'good' },
  ],
  languages: [
    { name: 'Hindi', level: 'fluent' },
    { name: 'Español', level: 'basic' },
  ],
  accents: ['British (RP)'],
  union: { status: 'member', name: 'CINTAA' },
  representation: { agency: 'Stellar Talent', contact: 'Meera', email: 'meera@stellar.example', phone: '+91 98765 43210' },
  heightCm: 172,
  weightKg: 64,
  measurements: { chestCm: 86, waistCm: 70, hipsCm: 92, shoeEu: 38.5 },
};

describe('GET /api/audition/resume', () => {
  it('answers an empty résumé for a performer who never saved one, with the appearance texts', async () => {
    const p = await buildPerformer(t);
    expect(await getResume(p)).toEqual({
      credits: [],
      training: [],
      skills: [],
      languages: [],
      accents: [],
      union: { status: 'none', name: '' },
      representation: null,
      heightCm: null,
      weightKg: null,
      measurements: {},
      measurementsPublic: false,
      units: { height: 'cm', weight: 'kg' },
      height: '',
      weight: '',
    });
  });

  it('is for the performer only: 401 without a token, 403 to a studio', async () => {
    expect((await call('GET', '/api/audition/resume')).statusCode).toBe(401);
    const studio = await buildStudioAccount(t);
    const res = await call('GET', '/api/audition/resume', studio.token);
    expect(res.statusCode).toBe(403);
    expect((await call('PUT', '/api/audition/resume', studio.token, full)).statusCode).toBe(403);
  });
});

describe('PUT /api/audition/resume', () => {
  it('saves the whole résumé and answers it, credits by category and newest first within each', async () => {
    const p = await buildPerformer(t);
    const res = await putResume(p, full);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as Resume;
    expect(saved.credits.map((c) => `${c.category} ${c.year}`)).toEqual(['film 2024', 'film 2021', 'theatre 2019', 'commercial 2023']);
    expect(saved.credits[1]).toEqual({ ...full.credits![1] });
    expect(saved.credits[0]).toMatchObject({ company: '', director: '' });
    expect(saved).toMatchObject({
      skills: full.skills,
      languages: full.languages,
      accents: full.accents,
      union: full.union,
      representation: full.representation,
      heightCm: 172,
      weightKg: 64,
      measurements: full.measurements,
      height: '172 cm',
      weight: '64 kg',
    });
    expect(await getResume(p)).toEqual(saved);
  });

  it('replaces the whole résumé: what a second PUT leaves out is gone', async () => {
    const p = await buildPerformer(t);
    expect((await putResume(p, full)).statusCode).toBe(200);
    const res = await putResume(p, { skills: [{ name: 'Tabla', level: 'basic' }] });
    expect(res.statusCode, res.body).toBe(200);
    const after = await getResume(p);
    expect(after).toMatchObject({ credits: [], training: [], languages: [], accents: [], representation: null, union: { status: 'none', name: '' }, heightCm: null, weightKg: null, height: '', weight: '' });
    expect(after.skills).toEqual([{ name: 'Tabla', level: 'basic' }]);
  });

  const longText = (n: number) => 'x'.repeat(n);
  const nextYear = latestYear();
  const credit = full.credits![0]!;
  const refusals: [string, unknown, string][] = [
    ['101 credits', { credits: Array.from({ length: RESUME_LIMITS.credits + 1 }, () => credit) }, RESUME_MSG.tooMany('Credits', 100)],
    ['a credit category outside the list', { credits: [{ ...credit, category: 'opera' }] }, `Credit 1: ${MARKET_MSG.oneOf('Category', ['film', 'tv', 'theatre', 'commercial', 'music_video', 'short_film', 'web', 'other'])}`],
    ['a role of 81 characters', { credits: [credit, { ...credit, role: longText(81) }] }, `Credit 2: ${MSG.tooLong('Role', 80)}`],
    ['a credit without a role', { credits: [{ ...credit, role: '  ' }] }, `Credit 1: ${MSG.required('Role')}`],
    ['a production of 121 characters', { credits: [{ ...credit, production: longText(121) }] }, `Credit 1: ${MSG.tooLong('Production', 120)}`],
    ['a company of 121 characters', { credits: [{ ...credit, company: longText(121) }] }, `Credit 1: ${MSG.tooLong('Company', 120)}`],
    ['a director of 81 characters', { credits: [{ ...credit, director: longText(81) }] }, `Credit 1: ${MSG.tooLong('Director', 80)}`],
    ['a credit of 1949', { credits: [{ ...credit, year: 1949 }] }, `Credit 1: ${RESUME_MSG.year('Year', nextYear)}`],
    ['a credit after next year', { credits: [{ ...credit, year: nextYear + 1 }] }, `Credit 1: ${RESUME_MSG.year('Year', nextYear)}`],
    ['a year as text', { credits: [{ ...credit, year: '2020' }] }, `Credit 1: ${RESUME_MSG.year('Year', nextYear)}`],
    ['31 courses', { training: Array.from({ length: 31 }, () => ({ course: 'Acting' })) }, RESUME_MSG.tooMany('Training', 30)],
    ['51 skills', { skills: Array.from({ length: 51 }, (_, i) => ({ name: `Skill ${i}`, level: 'good' })) }, RESUME_MSG.tooMany('Skills', 50)],
    ['a skill of 41 characters', { skills: [{ name: longText(41), level: 'good' }] }, `Skill 1: ${MSG.tooLong('Skill', 40)}`],
    ['a skill level outside the list', { skills: [{ name: 'Swimming', level: 'master' }] }, `Skill 1: ${MARKET_MSG.oneOf('Skill level', ['basic', 'good', 'expert'])}`],
    ['one skill twice, in another case and accent', { skills: [{ name: 'Kathakali', level: 'good' }, { name: 'KATHAKALÍ', level: 'basic' }] }, `Skill 2: ${RESUME_MSG.listedTwice('KATHAKALÍ')}`],
    ['11 languages', { languages: Array.from({ length: 11 }, (_, i) => ({ name: `Language ${i}`, level: 'basic' })) }, RESUME_MSG.tooMany('Languages', 10)],
    ['a language level outside the list', { languages: [{ name: 'Hindi', level: 'good' }] }, `Language 1: ${MARKET_MSG.oneOf('Language level', ['basic', 'conversational', 'fluent', 'native'])}`],
    ['11 accents', { accents: Array.from({ length: 11 }, (_, i) => `Accent ${i}`) }, RESUME_MSG.tooMany('Accents', 10)],
    ['a union status outside the list', { union: { status: 'pending', name: '' } }, MARKET_MSG.oneOf('Union', ['none', 'member', 'eligible'])],
    ['a union name without a union', { union: { status: 'none', name: 'CINTAA' } }, RESUME_MSG.unionNameWithoutStatus],
    ['an agent without an agency', { representation: { agency: '', contact: 'Meera', email: '', phone: '' } }, MSG.required('Agency')],
    ['an agent e-mail that is not one', { representation: { agency: 'Stellar', email: 'meera at stellar' } }, RESUME_MSG.invalidEmail],
    ['a height of 49 cm', { heightCm: 49 }, RESUME_MSG.wholeBetween('Height (cm)', 50, 250)],
    ['a height of 251 cm', { heightCm: 251 }, RESUME_MSG.wholeBetween('Height (cm)', 50, 250)],
    ['a height of 172.5 cm', { heightCm: 172.5 }, RESUME_MSG.wholeBetween('Height (cm)', 50, 250)],
    ['a weight of 19 kg', { weightKg: 19 }, RESUME_MSG.wholeBetween('Weight (kg)', 20, 250)],
    ['a weight of 251 kg', { weightKg: 251 }, RESUME_MSG.wholeBetween('Weight (kg)', 20, 250)],
    ['a chest of 29 cm', { measurements: { chestCm: 29 } }, RESUME_MSG.wholeBetween('Chest (cm)', 30, 250)],
    ['a shoe size of 38.3', { measurements: { shoeEu: 38.3 } }, RESUME_MSG.shoe],
    ['a height unit outside the list', { heightCm: 172, units: { height: 'inches' } }, MARKET_MSG.oneOf('Height unit', ['cm', 'ftin'])],
    ['a field the résumé does not have', { agentFee: 10 }, MARKET_MSG.unknownField(['agentFee'])],
    ['a control character in a name', { credits: [{ ...credit, production: 'Night\u0000' }] }, `Credit 1: ${MSG.controlCharacters('Production')}`],
  ];

  it.each(refusals)('refuses %s with a message naming the field, and changes nothing', async (_what, change, msg) => {
    const p = await buildPerformer(t);
    expect((await putResume(p, full)).statusCode).toBe(200);
    const before = await getResume(p);
    const beforeProfile = await profile(p);
    // Every other field changed too: none of it may be saved.
    const res = await putResume(p, { ...full, credits: full.credits!.slice(0, 1), skills: [], heightCm: 180, weightKg: 80, ...(change as object) });
    expect(res.statusCode, res.body).toBe(400);
    const refusal = res.json() as { msg: string; code: string; problems: { field: string; msg: string }[] };
    expect({ msg: refusal.msg, code: refusal.code }).toEqual({ msg, code: 'invalid_input' });
    expect(refusal.problems[0]!.msg).toBe(msg);
    expect(await getResume(p)).toEqual(before);
    const afterProfile = await profile(p);
    expect(afterProfile.height).toBe(beforeProfile.height);
    expect(afterProfile.weight).toBe(beforeProfile.weight);
  });

  it('names every problem at its field at once (the editor shows them all), the first as msg', async () => {
    const p = await buildPerformer(t);
    const res = await putResume(p, {
      credits: [credit, { ...credit, role: '' }, { ...credit, year: 1900 }],
      skills: [{ name: 'Swimming', level: 'good' }, { name: 'SWÍMMING', level: 'expert' }],
      representation: { agency: 'Stellar', email: 'not-an-address' },
      measurements: { shoeEu: 38.3 },
    });
    expect(res.statusCode).toBe(400);
    const refusal = res.json() as { msg: string; problems: { field: string; msg: string }[] };
    expect(refusal.problems).toEqual([
      { field: 'credits.1.role', msg: `Credit 2: ${MSG.required('Role')}` },
      { field: 'credits.2.year', msg: `Credit 3: ${RESUME_MSG.year('Year', latestYear())}` },
      { field: 'skills.1.name', msg: `Skill 2: ${RESUME_MSG.listedTwice('SWÍMMING')}` },
      { field: 'representation.email', msg: RESUME_MSG.invalidEmail },
      { field: 'measurements.shoeEu', msg: RESUME_MSG.shoe },
    ]);
    expect(refusal.msg).toBe(refusal.problems[0]!.msg);
  });

  it('refuses a body that is not a résumé without a 500', async () => {
    const p = await buildPerformer(t);
    for (const body of [[], { credits: 'many' }, { credits: [null] }, { union: null }, { measurements: [] }]) {
      const res = await putResume(p, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof (res.json() as { msg: string }).msg).toBe('string');
    }
  });

  it('takes the limits themselves: 100 credits, 30 courses, 50 skills, 10 languages, 10 accents, the bounds of every number', async () => {
    const p = await buildPerformer(t);
    const res = await putResume(p, {
      credits: Array.from({ length: 100 }, (_, i) => ({ ...credit, role: 'r'.repeat(80), production: `${'p'.repeat(110)} ${i}`, company: 'c'.repeat(120), director: 'd'.repeat(80), year: i % 2 ? 1950 : nextYear })),
      training: Array.from({ length: 30 }, (_, i) => ({ course: `Course ${i}`, school: 's'.repeat(120), year: null })),
      skills: Array.from({ length: 50 }, (_, i) => ({ name: `Skill ${i}`.padEnd(40, 'x'), level: 'basic' })),
      languages: Array.from({ length: 10 }, (_, i) => ({ name: `Language ${i}`, level: 'native' })),
      accents: Array.from({ length: 10 }, (_, i) => `Accent ${i}`),
      union: { status: 'eligible', name: '' },
      heightCm: 250,
      weightKg: 20,
      measurements: { chestCm: 250, waistCm: 30, shoeEu: 55 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as Resume;
    expect([saved.credits.length, saved.training.length, saved.skills.length, saved.languages.length, saved.accents.length]).toEqual([100, 30, 50, 10, 10]);
  });
});

describe('height and weight in step with the appearance texts', () => {
  it('writes heightCm 172 as "172 cm" and weightKg 64 as "64 kg" on the profile', async () => {
    const p = await buildPerformer(t);
    expect((await putResume(p, { heightCm: 172, weightKg: 64 })).statusCode).toBe(200);
    const shown = await profile(p);
    expect([shown.height, shown.weight]).toEqual(['172 cm', '64 kg']);
  });

  it('reads the numbers from the texts the appearance screen saves: 5\'8" and 150 lb', async () => {
    const p = await buildPerformer(t);
    expect((await appearance(p, { height: '5\'8"', weight: '150 lb' })).statusCode).toBe(200);
    expect(await getResume(p)).toMatchObject({ heightCm: 173, weightKg: 68, units: { height: 'ftin', weight: 'lb' }, height: '5\'8"', weight: '150 lb' });
    expect((await appearance(p, { height: '180', weight: '70 kg' })).statusCode).toBe(200);
    expect(await getResume(p)).toMatchObject({ heightCm: 180, weightKg: 70, units: { height: 'cm', weight: 'kg' } });
  });

  it('writes the texts in the units chosen, and keeps a text as typed when its number comes back unchanged', async () => {
    const p = await buildPerformer(t);
    expect((await putResume(p, { heightCm: 173, weightKg: 70, units: { height: 'ftin', weight: 'lb' } })).statusCode).toBe(200);
    expect(await profile(p)).toMatchObject({ height: '5\'8"', weight: '154 lb' });
    expect(await getResume(p)).toMatchObject({ heightCm: 173, weightKg: 70, units: { height: 'ftin', weight: 'lb' } });
    // Typed on the appearance screen, then the résumé saved again as it was read.
    expect((await appearance(p, { height: '5 ft 8 in', weight: '154 lbs' })).statusCode).toBe(200);
    const read = await getResume(p);
    expect((await putResume(p, { heightCm: read.heightCm, weightKg: read.weightKg })).statusCode).toBe(200);
    expect(await profile(p)).toMatchObject({ height: '5 ft 8 in', weight: '154 lbs' });
  });

  it('empties a text whose number is cleared, and keeps one that never was a number', async () => {
    const p = await buildPerformer(t);
    expect((await putResume(p, { heightCm: 172, weightKg: 64 })).statusCode).toBe(200);
    expect((await putResume(p, { heightCm: null, weightKg: null })).statusCode).toBe(200);
    expect(await profile(p)).toMatchObject({ height: '', weight: '' });
    // Texts from before the editor had units (the form refuses them now).
    await t.ctx.db.update(users).set({ height: 'tall', weight: 'slim' }).where(eq(users.id, p._id));
    expect((await putResume(p, {})).statusCode).toBe(200);
    expect(await profile(p)).toMatchObject({ height: 'tall', weight: 'slim' });
    expect(await getResume(p)).toMatchObject({ heightCm: null, weightKg: null });
  });
});
