/**
 * Bad input is answered 400 `{ msg, code: 'invalid_input', field }`, `field` naming the input
 * (the zod issue's path joined with '.'), so a form puts the message at that field
 * (docs/architecture.md, "How a request flows").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../contract/messages.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { buildPerformer, newAddress } from '../../test/factories.js';
import { formFields } from '../../test/form-data.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const contact = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress: newAddress() });

describe('the validation answer names its field', () => {
  it('a body checked by the route schema: the wrong field', async () => {
    const res = await contact({ email: 'not-an-email', number: '9876543210', message: 'Hello there, a question.' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: MSG.invalidEmail, code: 'invalid_input', field: 'email' });
  });

  it('a form parsed by parseOrThrow: the wrong field', async () => {
    const p = await buildPerformer(t);
    const form = formFields({ age: '9'.repeat(100) });
    const res = await t.app.inject({ method: 'POST', url: '/api/audition/updateAppearance', payload: form.payload, headers: { ...form.headers, 'x-auth-token': p.token } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_input', field: 'age' });
    expect(res.json().msg).toContain('Age');
  });

  it('a body that is not an object: no field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: '[1]', headers: { 'content-type': 'application/json' }, remoteAddress: newAddress() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: MSG.fillAllFields, code: 'invalid_input' });
  });
});
