import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobPost } from '../../../contract/jobs.js';
import type { ResumeBody } from '../../../contract/resume.js';
import type { Portfolio } from '../../../contract/talent.js';
import { applications } from '../../db/schema/index.js';
import { addPhoto } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { formFields } from '../../../../test/form-data.js';
import { readPdf } from '../../../../test/pdf-text.js';
import { buildStudioAccount, uploadImage, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

const NAME = 'Zoë Ångström-Núñez';
let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;
let zoe: Performer;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

const resume: ResumeBody = {
  credits: [
    { category: 'theatre', role: 'Puck', production: 'A Midsummer Night’s Dream', year: 2019 },
    { category: 'film', role: 'Mira', production: 'Monsoon Letters', company: 'Lotus Films', director: 'A. Rao', year: 2021 },
    { category: 'film', role: 'Lead', production: 'City of Ash', year: 2024 },
  ],
  training: [{ course: 'Acting diploma', school: 'National School of Drama', year: 2018 }],
  skills: [{ name: 'Swimming', level: 'expert' }],
  languages: [{ name: 'Hindi', level: 'fluent' }],
  accents: ['British (RP)'],
  union: { status: 'member', name: 'CINTAA' },
  representation: { agency: 'Stellar Talent', contact: 'Meera', email: 'meera@stellar.example', phone: '' },
  heightCm: 172,
  weightKg: 64,
  measurements: { shoeEu: 38.5 },
};

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://audition.example' });
  [studio, rival] = await Promise.all([buildStudioAccount(t), buildStudioAccount(t)]);
  zoe = await buildPerformer(t, { fname: NAME });
  const picture = await uploadImage(t, zoe.token);
  const form = formFields({ fname: NAME, location: 'Mumbai', gender: 'Female', pronoun: 'Ms.', category: 'Actor', profileUrl: '', profilePic: picture });
  const basic = await t.app.inject({ method: 'POST', url: '/api/audition/updateBasicInfo', payload: form.payload, headers: { ...form.headers, 'x-auth-token': zoe.token } });
  expect(basic.statusCode, basic.body).toBe(200);
  await addPhoto(t, zoe);
  await addPhoto(t, zoe);
  expect((await call('PUT', '/api/audition/resume', zoe.token, resume)).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

/** The text pdftotext reads, when poppler-utils is installed (CI does not need it: readPdf is the check). */
function popplerText(pdf: Buffer): string | null {
  const file = join(tmpdir(), `audition-${process.pid}-${Date.now()}.pdf`);
  writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } catch {
    return null;
  }
}

describe('GET /api/talent/{id}/comp-card.pdf', () => {
  it('answers two A5 pages: the name on the front, photos, stats and the portfolio address on the back', async () => {
    const res = await call('GET', `/api/talent/${zoe._id}/comp-card.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="zoe-angstrom-nunez-comp-card.pdf"; filename*=UTF-8''${encodeURIComponent(`${NAME} comp-card.pdf`)}`,
    );
    const pages = readPdf(res.rawPayload);
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect(page.width).toBeCloseTo(419.53, 1);
      expect(page.height).toBeCloseTo(595.28, 1);
    }
    expect(pages[0]!.text).toContain(NAME);
    expect(pages[1]!.text).toContain(NAME);
    // With both units, as every screen shows them (issue 49 item 10).
    // The reader gives text in NFKC, where ″ is ′′.
    expect(pages[1]!.text).toContain('172 cm (5′8″)'.normalize('NFKC'));
    expect(pages[1]!.text).toContain('64 kg (141 lb)');
    expect(pages[1]!.text).toContain('38.5');
    expect(pages[1]!.text).toContain(`https://audition.example/talent/${zoe._id}`);
    // The profile picture and both photos are drawn.
    expect(res.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(3);
    const poppler = popplerText(res.rawPayload);
    if (poppler !== null) expect(poppler).toContain(NAME);
  });
});

describe('GET /api/talent/{id}/resume.pdf', () => {
  it('answers A4 with the name, stats, credits by category newest first, training, skills, languages, union and agent', async () => {
    const res = await call('GET', `/api/talent/${zoe._id}/resume.pdf`, studio.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="zoe-angstrom-nunez-resume\.pdf"/);
    const pages = readPdf(res.rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.width).toBeCloseTo(595.28, 1);
    expect(pages[0]!.height).toBeCloseTo(841.89, 1);
    const text = pages[0]!.text;
    for (const part of [NAME, 'Height 172 cm (5′8″)'.normalize('NFKC'), 'Weight 64 kg (141 lb)', 'Film', 'Theatre', 'National School of Drama', 'Swimming (expert)', 'Hindi (fluent)', 'British (RP)', 'Union member: CINTAA', 'Stellar Talent']) {
      expect(text).toContain(part);
    }
    // Film before theatre, and within film the newest first.
    expect(text.indexOf('City of Ash')).toBeLessThan(text.indexOf('Monsoon Letters'));
    expect(text.indexOf('Monsoon Letters')).toBeLessThan(text.indexOf('A Midsummer Night’s Dream'));
    const poppler = popplerText(res.rawPayload);
    if (poppler !== null) expect(poppler).toContain(NAME);
  });

  it('draws a performer who never saved a résumé', async () => {
    const p = await buildPerformer(t, { fname: 'Plain Performer' });
    const res = await call('GET', `/api/talent/${p._id}/resume.pdf`);
    expect(res.statusCode).toBe(200);
    expect(readPdf(res.rawPayload)[0]!.text.toLowerCase()).toContain('plain performer');
  });
});

describe('GET /api/talent/{id} shows the résumé', () => {
  it('lists credits by category, newest first, with skills, languages, union and agent', async () => {
    const res = await call('GET', `/api/talent/${zoe._id}`);
    expect(res.statusCode).toBe(200);
    const shown = (res.json() as Portfolio).resume;
    expect(shown.credits.map((c) => c.production)).toEqual(['City of Ash', 'Monsoon Letters', 'A Midsummer Night’s Dream']);
    expect(shown).toMatchObject({ skills: resume.skills, languages: resume.languages, union: resume.union, heightCm: 172, weightKg: 64 });
    expect(shown.representation).toMatchObject({ agency: 'Stellar Talent' });
  });
});

describe('the PDFs follow the portfolio’s visibility', () => {
  it('answers 404 for a private performer, but to a studio they applied to and to themselves', async () => {
    const p = await buildPerformer(t, { fname: 'Private Person' });
    expect((await call('POST', '/api/audition/updateBasicInfo', p.token, { visibility: 'private' })).statusCode).toBe(200);
    const job = (await call('POST', '/api/studio/jobs', studio.token, { title: 'Role', jobType: 'Film' })).json() as JobPost;
    await t.ctx.db.insert(applications).values({ jobId: job._id, performerId: p._id });
    for (const name of ['comp-card', 'resume']) {
      const url = `/api/talent/${p._id}/${name}.pdf`;
      const anonymous = await call('GET', url);
      expect(anonymous.statusCode).toBe(404);
      expect(anonymous.json()).toMatchObject({ code: 'not_found' });
      expect((await call('GET', url, rival.token)).statusCode).toBe(404);
      expect((await call('GET', url, zoe.token)).statusCode).toBe(404);
      expect((await call('GET', url, studio.token)).statusCode).toBe(200);
      expect((await call('GET', url, p.token)).statusCode).toBe(200);
    }
  });

  it('answers 404 for an id that is no performer, a studio, or no id at all', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', studio._id, 'not-an-id']) {
      expect((await call('GET', `/api/talent/${id}/comp-card.pdf`)).statusCode).toBe(404);
      expect((await call('GET', `/api/talent/${id}/resume.pdf`)).statusCode).toBe(404);
    }
  });
});
