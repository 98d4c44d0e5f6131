/** Accounts for the messages specs, made through the API: a performer with a plan, logins in a page. */
import type { Page } from 'playwright-core';
import { baseUrl, buyPlan, createUser, type TestUser } from './harness.js';

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A performer with a plan bought through the demo checkout. */
export async function createPaidPerformer(fname: string): Promise<TestUser> {
  const user = await createUser({ fname });
  await buyPlan(user, 'gold');
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
