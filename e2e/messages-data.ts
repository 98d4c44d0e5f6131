/** Accounts for the messages specs, made through the API: a fresh studio account, a plan for a performer, logins in a page. */
import type { Page } from 'playwright-core';
import { baseUrl, clearMail, createUser, newUserInput, readCode, type TestUser } from './harness.js';

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export interface StudioUser extends TestUser {
  studioId: string;
}

export async function createStudio(fname: string): Promise<StudioUser> {
  const input = { ...newUserInput(), fname };
  await clearMail(input.email);
  await post('/api/studio/web/signup', input);
  const otp = await readCode(input.email);
  const { studioId } = await post<{ studioId: string }>('/api/studio/web/verify-otp', { ...input, otp });
  const { token, _id } = await post<{ token: string; _id: string }>('/api/audition/login', { email: input.email, password: input.password });
  return { ...input, token, _id, studioId };
}

/** A performer with a plan bought through the demo checkout. */
export async function createPaidPerformer(fname: string): Promise<TestUser> {
  const user = await createUser({ fname });
  const { id } = await post<{ id: string }>('/api/payments/orders', { plan: 'gold' }, user.token);
  await post(`/api/payments/orders/${id}/capture`, {}, user.token);
  return user;
}

/** Logs a page in as the login screen would, with the account's kind. */
export async function logInWithRole(page: Page, user: TestUser, role: 'performer' | 'studio') {
  // Not '/': a studio there is sent on to its dashboard.
  await page.goto('/contact');
  await page.evaluate(
    ([token, id, kind]) => {
      localStorage.setItem('token', token!);
      localStorage.setItem('id', id!);
      localStorage.setItem('role', kind!);
    },
    [user.token, user._id, role],
  );
}

export const apiPost = post;
