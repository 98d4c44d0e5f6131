/** The résumé where studios and roles read it (docs/resume.md): the applicant card, and the fit reasons of a job page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioApplication } from '../../../contract/applications.js';
import type { JobPage } from '../../../contract/jobs.js';
import type { ResumeBody } from '../../../contract/resume.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;
beforeAll(async () => {
  t = await buildTestApp();
  [studio, rival] = await Promise.all([buildStudioAccount(t, { fname: 'Card Studio' }), buildStudioAccount(t, { fname: 'Rival Studio' })]);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

const resume: ResumeBody = {
  credits: [
    { category: 'theatre', role: 'Puck', production: 'A Midsummer Night’s Dream', year: 2019 },
    { category: 'film', role: 'Friend', production: 'Monsoon Letters', company: 'Lotus Films', year: 2021 },
    { category: 'film', role: 'Lead', production: 'City of Ash', year: 2024 },
  ],
  training: [{ course: 'Acting diploma', school: 'National School of Drama', year: 2018 }],
  skills: [{ name: 'Swimming', level: 'expert' }, { name: 'Kathakali', level: 'good' }],
  languages: [{ name: 'Hindi', level: 'fluent' }, { name: 'Español', level: 'basic' }],
  accents: ['British (RP)'],
  union: { status: 'member', name: 'CINTAA' },
  representation: { agency: 'Stellar Talent', contact: 'Meera', email: 'meera@stellar.example', phone: '+91 98765 43210' },
  heightCm: 172,
  weightKg: 64,
  measurements: { chestCm: 86, waistCm: 70 },
  units: { height: 'ftin', weight: 'kg' },
};

async function performerWithResume(): Promise<Performer> {
  const p = await buildPerformer(t);
  await givePlan(t, p._id, 'Gold');
  const saved = await call('PUT', '/api/audition/resume', p.token, resume);
  expect(saved.statusCode, saved.body).toBe(200);
  return p;
}

async function applied(p: Performer, body: Record<string, unknown> = {}) {
  const job = await postJob(t, studio, body);
  const res = await call('POST', `/api/jobs/${job._id}/apply`, p.token, {});
  expect(res.statusCode, res.body).toBe(201);
  return { job, applicationId: (res.json() as { _id: string })._id };
}

describe('the applicant card (GET /api/studio/applications/{id})', () => {
  it('carries the résumé, credits by category newest first, heights as numbers with their units; even for a private performer', async () => {
    const p = await performerWithResume();
    expect((await call('POST', '/api/audition/updateBasicInfo', p.token, { visibility: 'private' })).statusCode).toBe(200);
    const { job, applicationId } = await applied(p);
    const card = (await call('GET', `/api/studio/applications/${applicationId}`, studio.token)).json() as StudioApplication;
    expect(card.performer.height).toBe(`5'8"`);
    expect(card.resume).toEqual({
      credits: [
        { category: 'film', role: 'Lead', production: 'City of Ash', company: '', director: '', year: 2024 },
        { category: 'film', role: 'Friend', production: 'Monsoon Letters', company: 'Lotus Films', director: '', year: 2021 },
        { category: 'theatre', role: 'Puck', production: 'A Midsummer Night’s Dream', company: '', director: '', year: 2019 },
      ],
      training: [{ course: 'Acting diploma', school: 'National School of Drama', year: 2018 }],
      skills: resume.skills,
      languages: resume.languages,
      accents: ['British (RP)'],
      union: { status: 'member', name: 'CINTAA' },
      representation: resume.representation,
      heightCm: 173,
      weightKg: 64,
      measurements: { chestCm: 86, waistCm: 70 },
      units: { height: 'ftin', weight: 'kg' },
    });
    // The board's list stays as it was: no résumé per applicant.
    const list = (await call('GET', `/api/studio/jobs/${job._id}/applications`, studio.token)).json() as { applications: StudioApplication[] };
    expect(list.applications.map((a) => a.resume)).toEqual([undefined]);
  });

  it('another studio gets 404 and no résumé; a performer without one shows an empty one', async () => {
    const p = await buildPerformer(t);
    await givePlan(t, p._id, 'Gold');
    const { applicationId } = await applied(p);
    const other = await call('GET', `/api/studio/applications/${applicationId}`, rival.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().resume).toBeUndefined();
    const card = (await call('GET', `/api/studio/applications/${applicationId}`, studio.token)).json() as StudioApplication;
    expect(card.resume).toMatchObject({ credits: [], skills: [], languages: [], union: { status: 'none', name: '' }, representation: null });
  });
});

describe('fit reasons from the résumé (GET /api/jobs/{id} with the performer’s token)', () => {
  it('names the skills and languages a role wants that the résumé has, matched ignoring case and accents, and those it lacks', async () => {
    const p = await performerWithResume();
    const job = await postJob(t, studio, {
      roles: [
        { name: 'Swimmer', skills: ['SWIMMING', 'Fencing'], languages: ['hindi', 'espanol'], pay: { kind: 'unpaid' } },
        { name: 'Walk-on', pay: { kind: 'unpaid' } },
      ],
    });
    const page = (await call('GET', `/api/jobs/${job._id}`, p.token)).json() as JobPage;
    expect(page.fit).toEqual([
      {
        roleId: job.roles[0]!._id,
        matches: false,
        reasons: ['Open to every profession', 'Fluent Hindi', 'Basic Español', 'Swimming: expert'],
        misses: ['Fencing; not on your résumé'],
      },
      { roleId: job.roles[1]!._id, matches: true, reasons: ['Open to every profession'], misses: [] },
    ]);
    const fencer = await call('PUT', '/api/audition/resume', p.token, { ...resume, skills: [...resume.skills!, { name: 'Fencing', level: 'basic' }] });
    expect(fencer.statusCode).toBe(200);
    const after = (await call('GET', `/api/jobs/${job._id}`, p.token)).json() as JobPage;
    expect(after.fit![0]).toMatchObject({ matches: true, reasons: ['Open to every profession', 'Fluent Hindi', 'Basic Español', 'Swimming: expert', 'Fencing: basic'], misses: [] });
  });
});

describe('the account export (GET /api/me/export)', () => {
  it('carries the performer’s résumé as their own GET answers it; a studio’s file has none', async () => {
    const p = await performerWithResume();
    const own = (await call('GET', '/api/audition/resume', p.token)).json() as unknown;
    const file = (await call('GET', '/api/me/export', p.token)).json() as { resume: unknown };
    expect(file.resume).toEqual(own);
    expect(file.resume).toMatchObject({ skills: resume.skills, height: `5'8"`, weight: '64 kg' });
    const studioFile = (await call('GET', '/api/me/export', studio.token)).json() as { resume: unknown };
    expect(studioFile.resume).toBeNull();
  });
});
