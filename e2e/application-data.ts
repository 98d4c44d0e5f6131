/** Accounts, plans, photos and jobs for the applications specs, made through the API of the running app. */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { JobPost } from '../src/contract/jobs.js';
import { baseUrl, clearMail, readCode, type TestUser } from './harness.js';

async function call<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { 'x-auth-token': token } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}
export const apiAs = call;

/** Buys a plan through the demo checkout, as the subscription screen does. */
export async function buyPlan(user: TestUser, plan: 'gold' | 'silver' | 'platinum') {
  const { id } = await call<{ id: string }>('POST', '/api/payments/orders', user.token, { plan });
  await call('POST', `/api/payments/orders/${id}/capture`, user.token, {});
}

/** Uploads a coloured picture and adds it to the user's photos; answers its URL. */
export async function addPhoto(user: TestUser, color: string): Promise<string> {
  const png = await sharp({ create: { width: 240, height: 240, channels: 3, background: color } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), `${color.slice(1)}.png`);
  const res = await fetch(`${baseUrl()}/api/storage/images`, { method: 'POST', headers: { 'x-auth-token': user.token }, body: form });
  if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  const { url } = (await res.json()) as { url: string };
  await call('POST', '/api/upload/media', user.token, { mediaType: 'photos', media: url });
  return url;
}

export interface StudioUser extends TestUser {
  studioId: string;
}

export async function createStudio(name: string): Promise<StudioUser> {
  const tag = randomBytes(4).toString('hex');
  const input = { fname: `${name} ${tag}`, email: `studio-${tag}@example.com`, number: '9820011111', password: 'casting-call-2026' };
  await clearMail(input.email);
  await call('POST', '/api/studio/web/signup', null, input);
  const otp = await readCode(input.email);
  const { studioId } = await call<{ studioId: string }>('POST', '/api/studio/web/verify-otp', null, { ...input, otp });
  const { token, _id } = await call<{ token: string; _id: string }>('POST', '/api/audition/login', null, { email: input.email, password: input.password });
  return { ...input, token, _id, studioId };
}

export const postJob = (studio: StudioUser, body: Record<string, unknown>) =>
  call<JobPost>('POST', '/api/studio/jobs', studio.token, { jobType: 'Music video', ...body });

/** Puts a studio's login into the page's storage, as the login screen does. */
export async function logInAsStudio(page: Page, studio: StudioUser) {
  await page.goto('/');
  await page.evaluate(([token, id]) => {
    localStorage.setItem('token', token!);
    localStorage.setItem('id', id!);
    localStorage.setItem('role', 'studio');
  }, [studio.token, studio._id]);
}
