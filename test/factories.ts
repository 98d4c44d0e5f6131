/** Builds performers through the real calls: sign-up, the mailed code, verify, login. */
import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app.js';
import { codeIn } from './smtp-sink.js';

export interface Performer {
  _id: string;
  token: string;
  email: string;
  password: string;
  fname: string;
  number: string;
}

let counter = 0;

/** Each performer comes from its own address, so per-address limits stay out of unrelated tests. */
let addresses = 0;
export const newAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

export function performerInput(overrides: Partial<Omit<Performer, '_id' | 'token'>> = {}) {
  counter += 1;
  return {
    fname: `test performer ${counter}`,
    email: `performer-${counter}-${randomBytes(4).toString('hex')}@example.com`,
    number: '9876543210',
    password: 'correct horse battery',
    ...overrides,
  };
}

/** Signs up and answers the mailed code; returns the verify answer and the input. */
export async function signUpAndVerify(t: TestApp, overrides: Partial<Omit<Performer, '_id' | 'token'>> = {}) {
  const input = performerInput(overrides);
  const since = t.sink.messages.length;
  const remoteAddress = newAddress();
  const signup = await t.app.inject({ method: 'POST', url: '/api/audition/web/signup', payload: input, remoteAddress });
  if (signup.statusCode !== 200) throw new Error(`signup failed: ${signup.body}`);
  const otp = codeIn(await t.sink.waitFor(input.email, { since }));
  const verify = await t.app.inject({ method: 'POST', url: '/api/audition/web/verify-otp', payload: { ...input, otp }, remoteAddress });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  return { input, answer: verify.json() as { _id: string; created: string } };
}

export async function buildPerformer(t: TestApp, overrides: Partial<Omit<Performer, '_id' | 'token'>> = {}): Promise<Performer> {
  const { input } = await signUpAndVerify(t, overrides);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/audition/login',
    payload: { email: input.email, password: input.password },
    remoteAddress: newAddress(),
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const { token, _id } = login.json() as { token: string; _id: string };
  return { ...input, token, _id };
}
