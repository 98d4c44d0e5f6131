/**
 * The comp card and résumé PDFs on two instances (docs/resume.md, "PDFs"; issue 48, item 12):
 * forty downloads at once all answer, each instance draws each PDF once per profile version
 * (in its worker) and serves that drawing to every request, and a change made through one
 * instance shows in the next download from the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResumeBody } from '../../../contract/resume.js';
import type { AppProcess } from '../../../../test/app-process.js';
import { readPdf } from '../../../../test/pdf-text.js';
import { accountOn, startTwoInstances, type TwoInstances } from '../../../../test/two-instances.js';

let two: TwoInstances;

beforeAll(async () => {
  two = await startTwoInstances('resume-pdfs');
}, 120_000);

afterAll(async () => {
  await two?.stop();
});

const resume = (production: string): ResumeBody => ({
  credits: [{ category: 'film', role: 'Mira', production, year: 2024 }],
  training: [],
  skills: [],
  languages: [],
  accents: [],
  union: { status: 'none', name: '' },
  measurements: {},
});

async function saveResume(app: AppProcess, token: string, body: ResumeBody) {
  const res = await fetch(`${app.baseUrl}/api/audition/resume`, { method: 'PUT', headers: { 'content-type': 'application/json', 'x-auth-token': token }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
}

async function download(app: AppProcess, performerId: string, name: 'comp-card' | 'resume', token: string) {
  const res = await fetch(`${app.baseUrl}/api/talent/${performerId}/${name}.pdf`, { headers: { 'x-auth-token': token } });
  return { app, name, status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

describe('comp card and résumé downloads on two instances', () => {
  it('answer forty at once, one drawing per instance, PDF and profile version; a change on one shows on the other', async () => {
    const performer = await accountOn(two, 'audition', 'Pdf Crowd Performer');
    await saveResume(two.a, performer.token, resume('Monsoon Letters'));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => download(i % 2 ? two.b : two.a, performer._id, i % 4 < 2 ? 'comp-card' : 'resume', performer.token)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(200));
    for (const app of [two.a, two.b]) {
      for (const name of ['comp-card', 'resume'] as const) {
        const same = answers.filter((r) => r.app === app && r.name === name).map((r) => r.body.toString('base64'));
        expect(same).toHaveLength(10);
        expect(new Set(same).size).toBe(1);
      }
    }
    expect(readPdf(answers.find((r) => r.name === 'resume')!.body)[0]!.text).toContain('Monsoon Letters');

    await saveResume(two.a, performer.token, resume('City of Ash'));
    const after = await download(two.b, performer._id, 'resume', performer.token);
    expect(after.status).toBe(200);
    expect(readPdf(after.body)[0]!.text).toContain('City of Ash');
  }, 60_000);
});
