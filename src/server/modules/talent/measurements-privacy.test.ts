/**
 * Who sees chest, waist and hips (docs/resume.md, "Who sees measurements"; issue 49 item 17):
 * the performer and the studios they applied to; anyone else only when the performer shows
 * them to everyone. Left out of the answers and the PDFs, not just hidden by the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResumeBody } from '../../../contract/resume.js';
import type { Portfolio } from '../../../contract/talent.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { readPdf } from '../../../../test/pdf-text.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;
let p: Performer;
let other: Performer;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

const resume: ResumeBody = { heightCm: 172, measurements: { chestCm: 86, waistCm: 71, hipsCm: 93, shoeEu: 38.5 } };

beforeAll(async () => {
  t = await buildTestApp();
  [studio, rival] = await Promise.all([buildStudioAccount(t, { fname: 'Applied Studio' }), buildStudioAccount(t, { fname: 'Other Studio' })]);
  [p, other] = await Promise.all([buildPerformer(t), buildPerformer(t)]);
  await givePlan(t, p._id, 'Gold');
  expect((await call('PUT', '/api/audition/resume', p.token, resume)).statusCode).toBe(200);
  const job = await postJob(t, studio, {});
  const applied = await call('POST', `/api/jobs/${job._id}/apply`, p.token, {});
  expect(applied.statusCode, applied.body).toBe(201);
});
afterAll(async () => {
  await t.close();
});

const portfolio = async (token?: string) => {
  const res = await call('GET', `/api/talent/${p._id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const pdfText = async (name: 'comp-card' | 'resume', token?: string) => {
  const res = await call('GET', `/api/talent/${p._id}/${name}.pdf`, token);
  expect(res.statusCode).toBe(200);
  return readPdf(res.rawPayload).map((pg) => pg.text).join('\n');
};

describe('measurements on the portfolio and PDFs', () => {
  it('by default: not in the answer for anonymous visitors, other studios or other performers; the shoe size stays', async () => {
    for (const token of [undefined, rival.token, other.token]) {
      const res = await portfolio(token);
      expect((res.json() as Portfolio).resume.measurements).toEqual({ shoeEu: 38.5 });
      expect(res.body).not.toMatch(/chestCm|waistCm|hipsCm|measurementsPublic/);
    }
  });

  it('by default: the studio applied to and the performer see all of them', async () => {
    for (const token of [studio.token, p.token]) {
      expect((await portfolio(token)).json<Portfolio>().resume.measurements).toEqual({ chestCm: 86, waistCm: 71, hipsCm: 93, shoeEu: 38.5 });
    }
  });

  it('the PDFs print chest, waist and hips only for those who may see them, each drawn and kept apart', async () => {
    for (const name of ['comp-card', 'resume'] as const) {
      // The applied studio first, so a cached drawing would leak to the next viewer.
      const full = await pdfText(name, studio.token);
      expect(full).toContain('86 cm');
      expect(full).toContain('93 cm');
      for (const token of [undefined, rival.token]) {
        const plain = await pdfText(name, token);
        expect(plain).not.toMatch(/Chest|Waist|Hips|86 cm|71 cm|93 cm/i);
        expect(plain).toContain('38.5');
      }
    }
  });

  it('the performer’s own GET says the setting, off by default; on, everyone gets them', async () => {
    expect((await call('GET', '/api/audition/resume', p.token)).json()).toMatchObject({ measurementsPublic: false });
    const on = await call('PUT', '/api/audition/resume', p.token, { ...resume, measurementsPublic: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ measurementsPublic: true });
    for (const token of [undefined, rival.token]) {
      const res = await portfolio(token);
      expect(res.json<Portfolio>().resume.measurements).toEqual({ chestCm: 86, waistCm: 71, hipsCm: 93, shoeEu: 38.5 });
      expect(res.body).not.toContain('measurementsPublic');
    }
    expect(await pdfText('comp-card')).toContain('86 cm');
    // A PUT replaces the whole résumé: left out, the setting is off again.
    expect((await call('PUT', '/api/audition/resume', p.token, resume)).json()).toMatchObject({ measurementsPublic: false });
    expect((await portfolio()).json<Portfolio>().resume.measurements).toEqual({ shoeEu: 38.5 });
    expect(await pdfText('comp-card')).not.toContain('86 cm');
  });

  it('refuses a setting that is not true or false with 400 { msg } and keeps the old one', async () => {
    const res = await call('PUT', '/api/audition/resume', p.token, { ...resume, measurementsPublic: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Show chest, waist and hips to everyone must be on or off');
    expect((await call('GET', '/api/audition/resume', p.token)).json()).toMatchObject({ measurementsPublic: false });
  });
});
