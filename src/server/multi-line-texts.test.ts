/**
 * Multi-line texts keep their line breaks (docs/marketplace.md "Multi-line texts"): a studio's
 * description, a job's description and a studio's private note on a performer take `\n` and
 * `\r\n` (and tabs), and still refuse every other control character with 400 { msg },
 * changing nothing. One-line fields still refuse line breaks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../contract/messages.js';
import { postJob } from '../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let studio: StudioAccount;
let performer: Performer;
beforeAll(async () => {
  t = await buildTestApp();
  studio = await buildStudioAccount(t, { fname: 'Two Paragraph Films' });
  performer = await buildPerformer(t);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { 'x-auth-token': studio.token }, payload, remoteAddress: newAddress() });

const TWO_PARAGRAPHS = 'We make short films.\n\nCasting calls open every spring.\r\nSecond line\tafter a tab.';

describe('a studio description', () => {
  it('keeps its two paragraphs, on the page the public sees too', async () => {
    const res = await call('POST', '/api/studio/me', { projectDesc: TWO_PARAGRAPHS });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ projectDesc: TWO_PARAGRAPHS });
    const pub = await t.app.inject({ method: 'GET', url: `/api/studio/${studio.studioId}` });
    expect(JSON.stringify(pub.json())).toContain(JSON.stringify(TWO_PARAGRAPHS).slice(1, -1));
  });

  it.each([
    ['NUL', '\u0000'],
    ['escape', '\u001b'],
    ['a vertical tab', '\u000b'],
    ['a C1 control', '\u0085'],
  ])('refuses %s with 400 { msg } and keeps the saved text', async (_name, bad) => {
    const res = await call('POST', '/api/studio/me', { projectDesc: `Line one\nline${bad}two` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: MSG.controlCharacters('Description'), code: expect.any(String), field: 'projectDesc' });
    expect((await call('GET', '/api/studio/me')).json()).toMatchObject({ projectDesc: TWO_PARAGRAPHS });
  });

  it('still refuses a line break in a one-line field (the location)', async () => {
    const res = await call('POST', '/api/studio/me', { location: 'Mumbai\nDelhi' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.controlCharacters('Location') });
  });
});

describe('a job description', () => {
  it('keeps its line breaks when posted and when edited, and the board shows them', async () => {
    const job = await postJob(t, studio, { description: 'Day one: read.\nDay two: shoot.' });
    expect(job.description).toBe('Day one: read.\nDay two: shoot.');
    const edited = await call('PATCH', `/api/studio/jobs/${job._id}`, { description: 'First paragraph.\r\n\r\nSecond paragraph.' });
    expect(edited.statusCode).toBe(200);
    const shown = await t.app.inject({ method: 'GET', url: `/api/jobs/${job._id}` });
    expect(shown.json()).toMatchObject({ description: 'First paragraph.\r\n\r\nSecond paragraph.' });
  });

  it('refuses other control characters and changes nothing', async () => {
    const job = await postJob(t, studio, { description: 'Kept.\nAs is.' });
    const res = await call('PATCH', `/api/studio/jobs/${job._id}`, { description: 'Bad\u0007bell' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: MSG.controlCharacters('Description') });
    expect((await t.app.inject({ method: 'GET', url: `/api/jobs/${job._id}` })).json()).toMatchObject({ description: 'Kept.\nAs is.' });
  });

  it('refuses a line break in the title', async () => {
    const res = await call('POST', '/api/studio/jobs', { title: 'Lead\nActor', jobType: 'Film' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: expect.any(String) });
  });
});

describe("a studio's private note on a performer", () => {
  it('keeps its line breaks, and refuses other control characters', async () => {
    const url = `/api/studio/talent/${performer._id}/review`;
    const ok = await call('PUT', url, { rating: 4, note: 'Strong read.\nCall back for the lead.' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ note: 'Strong read.\nCall back for the lead.' });
    const bad = await call('PUT', url, { rating: 4, note: 'Strong\u0000read' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ msg: MSG.controlCharacters('Note') });
  });
});
