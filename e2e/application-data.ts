/** Photos and jobs for the applications specs, made through the API of the running app. */
import sharp from 'sharp';
import type { JobPost } from '../src/contract/jobs.js';
import { baseUrl, type StudioUser, type TestUser } from './harness.js';

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

export const postJob = (studio: StudioUser, body: Record<string, unknown>) =>
  call<JobPost>('POST', '/api/studio/jobs', studio.token, { jobType: 'Music video', ...body });
