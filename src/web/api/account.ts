/** The account calls: settings, export, deletion (docs/account.md). */
import type { ChangePasswordAnswer } from '../../contract/account';
import type { UserProfile } from '../../contract/profile';
import { api, apiErrorFrom } from './client';
import { session } from './session';

export const changePassword = (current: string, password: string) => api<ChangePasswordAnswer>('/api/me/password', { json: { current, password } });
/** Ends this one token on the server (docs/security.md, "Logout"); the token is passed in, as the browser's copy is cleared right after. */
export const endSession = (token: string) =>
  api<{ msg: string }>('/api/auth/logout', { method: 'POST', auth: false, headers: { 'x-auth-token': token } });
export const logoutEverywhere = () => api<{ msg: string }>('/api/me/logout-all', { method: 'POST' });
export const deleteAccount = (password: string) => api<{ msg: string }>('/api/me', { method: 'DELETE', json: { password } });
export const getMe = () => api<UserProfile>('/api/audition/getUserData');

/** Fetches the export and hands it to the browser as the file the server named. */
export async function downloadExport(): Promise<void> {
  const res = await fetch('/api/me/export', { headers: { 'x-auth-token': session.token() ?? '' }, cache: 'no-store' });
  if (!res.ok) throw apiErrorFrom(res.status, await res.json().catch(() => null));
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'audition-account.json';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
