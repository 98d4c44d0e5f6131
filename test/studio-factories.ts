/** Builds studio accounts through the real calls (studio sign-up, the mailed code, verify, login), and uploads images for them. */
import type { TestApp } from './test-app.js';
import { newAddress, performerInput } from './factories.js';
import { makeImage, multipart } from './media-files.js';
import { codeIn } from './smtp-sink.js';

export interface StudioAccount {
  _id: string;
  studioId: string;
  token: string;
  email: string;
  password: string;
  fname: string;
}

export async function buildStudioAccount(t: TestApp, overrides: { email?: string; fname?: string } = {}): Promise<StudioAccount> {
  const input = { ...performerInput(), fname: 'Test Studio Films', ...overrides };
  const since = t.sink.messages.length;
  const remoteAddress = newAddress();
  const signup = await t.app.inject({ method: 'POST', url: '/api/studio/web/signup', payload: input, remoteAddress });
  if (signup.statusCode !== 200) throw new Error(`studio signup failed: ${signup.body}`);
  const otp = codeIn(await t.sink.waitFor(input.email, { since }));
  const verify = await t.app.inject({ method: 'POST', url: '/api/studio/web/verify-otp', payload: { ...input, otp }, remoteAddress });
  if (verify.statusCode !== 200) throw new Error(`studio verify failed: ${verify.body}`);
  const { _id, studioId } = verify.json() as { _id: string; studioId: string };
  const login = await t.app.inject({ method: 'POST', url: '/api/audition/login', payload: { email: input.email, password: input.password }, remoteAddress: newAddress() });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return { _id, studioId, token: (login.json() as { token: string }).token, email: input.email, password: input.password, fname: input.fname };
}

/** Uploads one small PNG through the storage call as this account; answers its URL. */
export async function uploadImage(t: TestApp, token: string): Promise<string> {
  const body = multipart({ filename: 'pic.png', contentType: 'image/png', body: await makeImage('png') });
  const res = await t.app.inject({ method: 'POST', url: '/api/storage/images', headers: { ...body.headers, 'x-auth-token': token }, payload: body.payload });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return (res.json() as { url: string }).url;
}
