/**
 * The role, everywhere (issue 49, item 2): two roles of one job are two applications, so each
 * notice, bell line and e-mail subject names its role (docs/applications.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MSG } from '../../../contract/applications.js';
import type { NotificationsAnswer } from '../../../contract/applications.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress } from '../../../../test/factories.js';
import { buildStudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { statusMail } from './status-change.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://audition.example' });
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { 'x-auth-token': token }, payload: payload as object, remoteAddress: newAddress() });

describe('two roles of one job', () => {
  it('are named in the studio bell, the performer bell and the e-mail subjects', async () => {
    const studio = await buildStudioAccount(t, { fname: 'Role Studio' });
    const job = await postJob(t, studio, { title: 'Family ad', roles: [{ name: 'Mother' }, { name: 'Daughter' }] });
    const zoe = await buildPerformer(t, { fname: 'Zoë Ångström' });
    await givePlan(t, zoe._id, 'Gold');
    const ids: string[] = [];
    for (const role of job.roles) {
      const res = await call('POST', `/api/jobs/${job._id}/apply`, zoe.token, { note: 'Hi', roleId: role._id });
      expect(res.statusCode).toBe(201);
      ids.push((res.json() as { _id: string })._id);
    }
    const studioBell = (await call('GET', '/api/notifications', studio.token)).json() as NotificationsAnswer;
    const studioTexts = studioBell.notifications.map((n) => n.text);
    expect(studioTexts).toContain('Zoë Ångström applied to Family ad (as Mother).');
    expect(studioTexts).toContain('Zoë Ångström applied to Family ad (as Daughter).');

    expect((await call('POST', `/api/studio/applications/${ids[0]}/status`, studio.token, { status: 'shortlisted' })).statusCode).toBe(200);
    expect((await call('POST', `/api/studio/applications/${ids[1]}/status`, studio.token, { status: 'shortlisted' })).statusCode).toBe(200);
    const bell = (await call('GET', '/api/notifications', zoe.token)).json() as NotificationsAnswer;
    const texts = bell.notifications.map((n) => n.text).join('\n');
    expect(texts).toContain('Your application to “Family ad” (as Mother) at Role Studio was shortlisted');
    expect(texts).toContain('Your application to “Family ad” (as Daughter) at Role Studio was shortlisted');
    // The e-mail says the same, its subject naming the role.
    const mail = statusMail({ email: 'z@example.com', fname: 'Zoë' }, { title: 'Family ad', studio: 'Role Studio', role: 'Daughter' }, 'booked', 'https://audition.example');
    expect(mail.subject).toBe('Your application to “Family ad” (as Daughter): Booked');
    expect(mail.text).toContain('Your application to “Family ad” (as Daughter) at Role Studio was booked');
  });

  it('a one-role job is not named twice', () => {
    expect(APP_MSG.mailSubject('booked', 'Lead Actor', 'Lead Actor')).toBe('Your application to “Lead Actor”: Booked');
  });
});
