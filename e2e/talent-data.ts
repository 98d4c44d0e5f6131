/** Talent specs' set-up through the API: performers with a filled profile and media, jobs. */
import { baseUrl, createUser, type TestUser } from './harness.js';

async function call<T>(url: string, init: { method?: string; token?: string; json?: unknown; form?: FormData } = {}): Promise<T> {
  const headers: Record<string, string> = init.token ? { 'x-auth-token': init.token } : {};
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl()}${url}`, { method: init.method ?? 'POST', headers, body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** A performer with the appearance and basic info given, saved through the profile calls. */
export async function createPerformer(fields: Record<string, string>, basic: Record<string, string> = {}): Promise<TestUser> {
  const user = await createUser(fields.fname ? { fname: fields.fname } : {});
  const base = { fname: user.fname, location: '', gender: 'Male', ...fields };
  await call('/api/audition/updateAppearance', { token: user.token, json: base });
  await call('/api/audition/updateBasicInfo', { token: user.token, json: { fname: base.fname, location: base.location, gender: base.gender, ...basic } });
  return { ...user, fname: base.fname };
}

/** Uploads a file through the storage call and adds it to the profile's list. */
export async function addMedia(user: TestUser, folder: 'images' | 'videos' | 'audios', file: { name: string; type: string; buffer: Buffer }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.buffer)], { type: file.type }), file.name);
  const { url } = await call<{ url: string }>(`/api/storage/${folder}`, { token: user.token, form });
  const mediaType = folder === 'images' ? 'photos' : folder;
  await call('/api/upload/media', { token: user.token, json: { mediaType, media: url } });
  return url;
}

/** Uploads a picture as the profile's picture, as the profile screen does. */
export async function setPicture(user: TestUser, file: { name: string; type: string; buffer: Buffer }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.buffer)], { type: file.type }), file.name);
  const { url } = await call<{ url: string }>('/api/storage/images?purpose=profile', { token: user.token, form });
  await call('/api/upload/profilePic', { token: user.token, json: { profilePicUrl: url } });
  return url;
}

export const postJob = (studio: TestUser, body: Record<string, unknown>) =>
  call<{ _id: string }>('/api/studio/jobs', { token: studio.token, json: { jobType: 'Music video', ...body } });
