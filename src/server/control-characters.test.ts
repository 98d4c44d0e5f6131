/**
 * Every text field of every call refuses NUL and other control characters with 400 { msg },
 * through the contract's one text schema; none reaches the database (which would answer 500).
 * Tabs and line breaks stay allowed in the one multi-line field, the contact message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../contract/messages.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { buildPerformer, newAddress, performerInput, type Performer } from '../../test/factories.js';
import { formFields } from '../../test/form-data.js';

let t: TestApp;
let p: Performer;
beforeAll(async () => {
  t = await buildTestApp();
  p = await buildPerformer(t);
});
afterAll(async () => {
  await t.close();
});

type Send = (value: string) => Promise<import('light-my-request').Response>;
const json = (method: 'POST' | 'DELETE', url: string, body: (value: string) => object, auth = true): Send => (value) =>
  t.app.inject({ method, url, payload: body(value), remoteAddress: newAddress(), headers: auth ? { 'x-auth-token': p.token } : {} });
const form = (url: string, field: string): Send => (value) => {
  const f = formFields({ [field]: value });
  return t.app.inject({ method: 'POST', url, payload: f.payload, headers: { ...f.headers, 'x-auth-token': p.token } });
};

const signup = () => performerInput();
const calls: [string, Send][] = [
  ['signup fname', json('POST', '/api/audition/web/signup', (v) => ({ ...signup(), fname: `bad${v}name` }), false)],
  ['signup email', json('POST', '/api/audition/web/signup', (v) => ({ ...signup(), email: `bad${v}@example.com` }), false)],
  ['signup password', json('POST', '/api/audition/web/signup', (v) => ({ ...signup(), password: `password${v}123` }), false)],
  ['signup number', json('POST', '/api/audition/web/signup', (v) => ({ ...signup(), number: `98765${v}` }), false)],
  ['verify-otp otp', json('POST', '/api/audition/web/verify-otp', (v) => ({ ...signup(), otp: `12${v}4` }), false)],
  ['verify-otp fname', json('POST', '/api/audition/web/verify-otp', (v) => ({ ...signup(), fname: `x${v}`, otp: '1234' }), false)],
  ['login email', json('POST', '/api/audition/login', (v) => ({ email: `${p.email}${v}`, password: p.password }), false)],
  ['login password', json('POST', '/api/audition/login', (v) => ({ email: p.email, password: `${p.password}${v}` }), false)],
  ['updateBasicInfo fname', form('/api/audition/updateBasicInfo', 'fname')],
  ['updateBasicInfo location', form('/api/audition/updateBasicInfo', 'location')],
  ['updateBasicInfo profileUrl', form('/api/audition/updateBasicInfo', 'profileUrl')],
  ['updateAppearance fname', form('/api/audition/updateAppearance', 'fname')],
  ['updateAppearance location', form('/api/audition/updateAppearance', 'location')],
  ['updateAppearance age', form('/api/audition/updateAppearance', 'age')],
  ['updateAppearance hairColor', form('/api/audition/updateAppearance', 'hairColor')],
  ['upload/profilePic', json('POST', '/api/upload/profilePic', (v) => ({ profilePicUrl: `/uploads/images/a${v}.png` }))],
  ['upload/media POST', json('POST', '/api/upload/media', (v) => ({ mediaType: 'photos', media: `/uploads/images/a${v}.png` }))],
  ['upload/media DELETE', json('DELETE', '/api/upload/media', (v) => ({ mediaType: 'photos', media: `/uploads/images/a${v}.png` }))],
  ['contact email', json('POST', '/api/contact', (v) => ({ email: `a${v}@example.com`, number: '9820012345', message: 'hello' }), false)],
  ['contact number', json('POST', '/api/contact', (v) => ({ email: 'a@example.com', number: `12${v}3`, message: 'hello' }), false)],
  ['contact message', json('POST', '/api/contact', (v) => ({ email: 'a@example.com', number: '9820012345', message: `hel${v}lo` }), false)],
  ['subscriptionData subscriptionName', json('POST', '/api/audition/subscriptionData', (v) => ({ subscriptionName: `Gold${v}`, subscriptionPrice: 1 }))],
  ['subscriptionData subscriptionPrice', json('POST', '/api/audition/subscriptionData', (v) => ({ subscriptionName: 'Gold', subscriptionPrice: `1${v}` }))],
  ['addPayment name', json('POST', '/api/admin/addPayment', (v) => ({ name: `x${v}`, amount: 1 }))],
  ['addPayment status', json('POST', '/api/admin/addPayment', (v) => ({ status: `x${v}`, amount: 1 }))],
];

const search = (value: string) => t.app.inject({ method: 'GET', url: `/api/showAllStudioList?search=${encodeURIComponent(`ab${value}`)}` });
const page = (value: string) => t.app.inject({ method: 'GET', url: `/api/audition/getAllStudio?cursor=${encodeURIComponent(`ab${value}`)}` });

describe.each([
  ['NUL', '\u0000'],
  ['escape', '\u001b'],
  ['DEL', '\u007f'],
  ['a C1 control', '\u0085'],
])('a text field holding %s', (_name, bad) => {
  it.each(calls)('is refused with 400 { msg } by %s', async (_call, send) => {
    const res = await send(bad);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: expect.any(String) });
  });

  it('is refused by the studio search and list queries', async () => {
    for (const res of [await search(bad), await page(bad)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: expect.any(String) });
    }
  });
});

describe('the message of the refusal', () => {
  it('names the field', async () => {
    const res = await form('/api/audition/updateAppearance', 'hairColor')('brown\u0000');
    expect(res.json()).toMatchObject({ msg: MSG.controlCharacters('Hair Color') });
  });

  it('changes nothing', async () => {
    await form('/api/audition/updateAppearance', 'hairColor')('Brown');
    await form('/api/audition/updateAppearance', 'hairColor')('Bl\u0000ack');
    const data = await t.app.inject({ method: 'GET', url: '/api/audition/getUserData', headers: { 'x-auth-token': p.token } });
    expect(data.json()).toMatchObject({ hairColor: 'Brown' });
  });
});

describe('tabs and line breaks', () => {
  it('are kept in the contact message, the one multi-line field', async () => {
    const res = await json('POST', '/api/contact', () => ({ email: 'tabs@example.com', number: '9820012345', message: 'line one\n\tline two\r\nend' }), false)('');
    expect(res.statusCode).toBe(200);
  });

  it('are refused inside a one-line field', async () => {
    const res = await form('/api/audition/updateAppearance', 'hairColor')('dark\tbrown');
    expect(res.statusCode).toBe(400);
  });
});
