import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import type { ResumeBody } from '../../../contract/resume.js';
import { RESUME_MSG } from '../../../contract/resume.js';
import type { TalentAnswer } from '../../../contract/talent.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let studio: StudioAccount;
let swimmer: Performer;
let dancer: Performer;
let both: Performer;
let hidden: Performer;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

async function withResume(fname: string, body: ResumeBody): Promise<Performer> {
  const p = await buildPerformer(t, { fname });
  const res = await call('PUT', '/api/audition/resume', p.token, body);
  if (res.statusCode !== 200) throw new Error(res.body);
  return p;
}
const search = async (query: string) => {
  const res = await call('GET', `/api/studio/talent?${query}`, studio.token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TalentAnswer).talent.map((p) => p._id);
};

beforeAll(async () => {
  t = await buildTestApp();
  studio = await buildStudioAccount(t);
  swimmer = await withResume('Resume Swimmer', {
    skills: [{ name: 'Swimming', level: 'expert' }],
    languages: [{ name: 'Español', level: 'fluent' }],
    union: { status: 'member', name: 'CINTAA' },
  });
  dancer = await withResume('Resume Dancer', {
    skills: [{ name: 'Kathakali', level: 'good' }],
    languages: [{ name: 'Hindi', level: 'native' }],
    union: { status: 'eligible', name: '' },
  });
  both = await withResume('Resume Both', {
    skills: [
      { name: 'kathakalí', level: 'basic' },
      { name: 'SWIMMING', level: 'good' },
    ],
  });
  hidden = await withResume('Resume Hidden', { skills: [{ name: 'Swimming', level: 'expert' }], union: { status: 'member', name: '' } });
  expect((await call('POST', '/api/audition/updateBasicInfo', hidden.token, { visibility: 'private' })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/studio/talent with the résumé filters', () => {
  it('finds a skill whatever its letter case and accents', async () => {
    const found = await search(`skill=${encodeURIComponent('KATHAKALÍ')}`);
    expect(found.sort()).toEqual([dancer._id, both._id].sort());
    expect((await search('skill=swimming')).sort()).toEqual([swimmer._id, both._id].sort());
  });

  it('forgives a typo in a suggested skill or language, but a suggested name finds only itself', async () => {
    const bharata = await withResume('Resume Bharata', { skills: [{ name: 'Bharatanatyam', level: 'expert' }] });
    expect(await search('skill=bharatanatyam')).toEqual([bharata._id]);
    expect(await search('skill=bharatnatyam')).toEqual([bharata._id]);
    expect(await search('language=hindhi')).toEqual([dancer._id]);
    // Kathak is a suggestion of its own: Kathakali dancers are not Kathak dancers.
    expect(await search('skill=kathak')).toEqual([]);
    // A name far from every suggestion finds only itself.
    expect(await search('skill=underwater%20welding')).toEqual([]);
  });

  it('asks every skill= to match', async () => {
    expect(await search('skill=Swimming&skill=Kathakali')).toEqual([both._id]);
  });

  it('finds a language written with or without its accent', async () => {
    expect(await search('language=espanol')).toEqual([swimmer._id]);
    expect(await search(`language=${encodeURIComponent('ESPAÑOL')}`)).toEqual([swimmer._id]);
    expect(await search('language=hindi&skill=kathakali')).toEqual([dancer._id]);
  });

  it('finds union members and eligible performers, never a private profile', async () => {
    expect(await search('union=member')).toEqual([swimmer._id]);
    expect(await search('union=eligible')).toEqual([dancer._id]);
    expect(await search('union=')).toEqual(expect.arrayContaining([swimmer._id, dancer._id, both._id]));
    expect(await search('union=')).not.toContain(hidden._id);
  });

  it('follows a change of the résumé on the next search', async () => {
    expect(await search('skill=tabla')).toEqual([]);
    const res = await call('PUT', '/api/audition/resume', swimmer.token, { skills: [{ name: 'Tabla', level: 'good' }] });
    expect(res.statusCode).toBe(200);
    expect(await search('skill=tabla')).toEqual([swimmer._id]);
    expect(await search('union=member')).toEqual([]);
  });

  it('refuses a union outside the list, six skills, and a skill that is not text', async () => {
    const refused = async (query: string, msg: string) => {
      const res = await call('GET', `/api/studio/talent?${query}`, studio.token);
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { msg: string }).msg).toBe(msg);
    };
    await refused('union=none', MARKET_MSG.oneOf('Union', ['member', 'eligible']));
    await refused(Array.from({ length: 6 }, (_, i) => `skill=s${i}`).join('&'), RESUME_MSG.tooMany('Skill', 5));
    await refused(`skill=${'x'.repeat(41)}`, 'Skill must be at most 40 characters long');
  });
});
