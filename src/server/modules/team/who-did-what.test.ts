/** Who did what (docs/team.md): each kind of action done for a studio names its maker. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkStatusAnswer, MyApplicationsAnswer, StudioApplication } from '../../../contract/applications.js';
import { newApplicant, postJob } from '../../../../test/application-factories.js';
import { newAddress } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { addMember, type TeamMember } from '../../../../test/team-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let studio: StudioAccount;
let asha: TeamMember;
beforeAll(async () => {
  t = await buildTestApp();
  studio = await buildStudioAccount(t, { fname: 'Owner Person' });
  asha = await addMember(t, studio, 'casting', 'Asha Rao');
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

const applicant = (job: { _id: string }) => newApplicant(t, job);

describe('by on status moves and decisions', () => {
  it('a move and a decline by a member carry its name in the answer and the history; the owner is named too; the performer is not told who', async () => {
    const job = await postJob(t, studio);
    const { performer, id } = await applicant(job);
    const moved = await call('POST', `/api/studio/applications/${id}/status`, asha.token, { status: 'shortlisted' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as StudioApplication).history.at(-1)).toMatchObject({ status: 'shortlisted', by: { _id: asha._id, name: 'Asha Rao' } });
    const declined = await call('POST', `/api/studio/applications/${id}/status`, studio.token, { status: 'declined', reason: 'availability' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((declined.json() as StudioApplication).history.at(-1)).toMatchObject({ status: 'declined', by: { _id: studio._id, name: 'Owner Person' } });
    const card = (await call('GET', `/api/studio/applications/${id}`, asha.token)).json() as StudioApplication;
    expect(card.history.map((h) => h.by?.name)).toEqual([undefined, 'Asha Rao', 'Owner Person']);
    const mine = ((await call('GET', '/api/audition/applications', performer.token)).json() as MyApplicationsAnswer).applications.find((a) => a._id === id)!;
    expect(mine.history.every((h) => !('by' in h))).toBe(true);
  });

  it('a bulk move names its maker on every application', async () => {
    const job = await postJob(t, studio);
    const a = await applicant(job);
    const b = await applicant(job);
    const res = await call('POST', `/api/studio/jobs/${job._id}/applications/status`, asha.token, { applicationIds: [a.id, b.id], status: 'shortlisted' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BulkStatusAnswer).applications).toBeDefined();
    for (const id of [a.id, b.id]) {
      const card = (await call('GET', `/api/studio/applications/${id}`, studio.token)).json() as StudioApplication;
      expect(card.history.at(-1)).toMatchObject({ status: 'shortlisted', by: { _id: asha._id, name: 'Asha Rao' } });
    }
  });
});
