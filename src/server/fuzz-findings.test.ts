/**
 * What a schema-driven fuzzer found (docs/faults.md, "Bad input"): far dates, a JSON `null`
 * form, errors that were not `{ msg, code }`, limits checked after trimming, and /api/docs
 * that disagreed with the answers. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobPost } from '../contract/jobs.js';
import { studioMeBody } from '../contract/jobs.js';
import { LIMITS } from '../contract/limits.js';
import { MSG } from '../contract/messages.js';
import { skill } from '../contract/resume.js';
import { TAPE_LIMITS, TAPE_MSG } from '../contract/self-tapes.js';
import { postJob } from '../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../test/factories.js';
import { formFields } from '../../test/form-data.js';
import { buildStudioAccount, type StudioAccount } from '../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let studio: StudioAccount;
let performer: Performer;
let job: JobPost;
beforeAll(async () => {
  t = await buildTestApp();
  [studio, performer] = await Promise.all([buildStudioAccount(t), buildPerformer(t)]);
  job = await postJob(t, studio);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(token ? { 'x-auth-token': token } : {}), ...headers }, payload: payload as object, remoteAddress: newAddress() });

/** An error as every /api error must be: `{ msg, code }`, with the answers' security headers. */
function expectOurError(res: Awaited<ReturnType<typeof call>>, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { msg?: unknown; code?: unknown };
  expect(typeof body.msg).toBe('string');
  expect(typeof body.code).toBe('string');
  expect(res.headers['content-security-policy']).toBeTruthy();
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  return body;
}

describe('far dates are refused by the contract, never a 500', () => {
  const far = ['9999-12-31T23:59:00Z', '9999-12-31T23:59:00-05:00'];

  it.for(far)('a slot starting at %s', async (startsAt) => {
    const res = await call('POST', `/api/studio/jobs/${job._id}/slots`, studio.token, { startsAt, minutes: 15, count: 1 });
    expect(expectOurError(res, 400)).toEqual({ msg: MSG.dateTooFar('Start', LIMITS.dateBefore), code: 'invalid_input', field: 'startsAt' });
  });

  it.for(far)('a tape request or a retake due at %s', async (deadline) => {
    const request = await call('POST', '/api/studio/tape-requests', studio.token, { applicationIds: [crypto.randomUUID()], deadline });
    expect(expectOurError(request, 400)).toEqual({ msg: MSG.dateTooFar('The deadline', LIMITS.dateBefore), code: 'invalid_input', field: 'deadline' });
    const retake = await call('POST', `/api/studio/tape-requests/${crypto.randomUUID()}/retake`, studio.token, { note: 'Closer, please.', deadline });
    expect(expectOurError(retake, 400)).toEqual({ msg: MSG.dateTooFar('The deadline', LIMITS.dateBefore), code: 'invalid_input', field: 'deadline' });
  });

  it('a job deadline in year 9999', async () => {
    const res = await call('POST', `/api/studio/jobs/${job._id}/reopen`, studio.token, { deadline: '9999-12-31' });
    expect(expectOurError(res, 400).msg).toBe(MSG.dateTooFar('Deadline', LIMITS.dateBefore));
  });
});

describe('a form body that is not an object', () => {
  it.for(['updateAppearance', 'updateBasicInfo'])('%s refuses a JSON null and keeps the profile', async (route) => {
    const form = formFields({ fname: 'Ana Null', age: '31', height: '170', eyeColor: 'Green', gender: 'Female' });
    const saved = await t.app.inject({ method: 'POST', url: '/api/audition/updateAppearance', headers: { ...form.headers, 'x-auth-token': performer.token }, payload: form.payload });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = (await call('GET', '/api/audition/getUserData', performer.token)).json() as Record<string, unknown>;

    for (const payload of ['null', '[]', '7']) {
      const res = await call('POST', `/api/audition/${route}`, performer.token, payload, { 'content-type': 'application/json' });
      expect(expectOurError(res, 400)).toEqual({ msg: MSG.invalidBody, code: 'bad_request' });
    }
    const after = (await call('GET', '/api/audition/getUserData', performer.token)).json() as Record<string, unknown>;
    expect(after).toEqual(before);
    expect(after).toMatchObject({ age: '31', height: '170', eyeColor: 'Green' });
  });
});

describe('every /api error is { msg, code } with the security headers', () => {
  it('a cursor that no header can carry', async () => {
    const res = await call('GET', '/api/audition/getAllStudio?cursor=%E2%82%AC');
    expect(expectOurError(res, 400).code).not.toBe('FST_ERR_BAD_URL');
  });

  it.for(['DELETE /api/studio/slots/', 'POST /api/studio/tape-requests/', 'PUT /api/audition/applications/'])('an id past the router\'s length on %s', async (route) => {
    const [method, path] = route.split(' ') as ['DELETE' | 'POST' | 'PUT', string];
    const id = `${'x'.repeat(150)}-echoed`;
    const url = method === 'DELETE' ? `${path}${id}` : method === 'POST' ? `${path}${id}/retake` : `${path}${id}/slot`;
    const res = await call(method, url, studio.token, method === 'DELETE' ? undefined : {});
    expect(expectOurError(res, 404)).toEqual({ msg: MSG.notFound, code: 'not_found' });
    expect(res.body).not.toContain('echoed');
  });

  it('an empty id to reach is refused', async () => {
    const res = await call('GET', '/api/conversations/reach/', performer.token);
    expect(expectOurError(res, 400)).toMatchObject({ code: 'invalid_input', field: 'id' });
  });
});

describe('limits are checked on the text as sent', () => {
  it('4,001 spaces of instructions are refused', async () => {
    const res = await call('POST', '/api/studio/tape-requests', studio.token, { applicationIds: [crypto.randomUUID()], instructions: ' '.repeat(TAPE_LIMITS.instructionsMax + 1), deadline: '2099-01-01T10:00:00Z' });
    expect(expectOurError(res, 400)).toEqual({ msg: MSG.tooLong(TAPE_MSG.instructions, TAPE_LIMITS.instructionsMax), code: 'invalid_input', field: 'instructions' });
  });

  it('a studio banner and a skill name padded past their maxima are refused', async () => {
    const banner = await call('POST', '/api/studio/me', studio.token, { banner: ' '.repeat(LIMITS.urlMax + 5) });
    expect(expectOurError(banner, 400)).toEqual({ msg: MSG.tooLong('Banner', LIMITS.urlMax), code: 'invalid_input', field: 'banner' });
    expect(studioMeBody.safeParse({ banner: ' '.repeat(LIMITS.urlMax + 5) }).success).toBe(false);
    expect(skill.safeParse({ name: ` ${'a'.repeat(40)} `, level: 'Basic' }).success).toBe(false);
  });
});

describe('/api/docs says what the server does', () => {
  interface Operation {
    responses: Record<string, unknown>;
    parameters?: { name: string; description?: string }[];
  }
  let doc: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    doc = (await call('GET', '/api/docs')).json() as typeof doc;
  });

  it('the slot deletions answer 204 and say so', async () => {
    for (const path of ['/api/studio/slots/{id}', '/api/audition/applications/{id}/slot']) {
      expect(Object.keys(doc.paths[path]!.delete!.responses)).toEqual(['204']);
    }
    const res = await call('DELETE', `/api/studio/slots/${crypto.randomUUID()}`, studio.token);
    expect(res.statusCode).toBe(404);
  });

  it('the bounds of the talent ages and the applicants\' page are written down', () => {
    const params = (path: string) => doc.paths[path]!.get!.parameters ?? [];
    expect(params('/api/studio/talent').find((p) => p.name === 'ageMin')?.description).toMatch(/0 to 120/);
    expect(params('/api/studio/jobs/{id}/applications').find((p) => p.name === 'limit')?.description).toMatch(/1 to 500/);
  });
});
