/** GET /api/audition/tape-requests/{id}/sides: the stamped PDF, read with the auth header and opened as a local object URL. */
import { apiErrorFrom } from './client';
import { session } from './session';

export async function openSides(id: string): Promise<string> {
  const token = session.token();
  const res = await fetch(`/api/audition/tape-requests/${encodeURIComponent(id)}/sides`, { headers: token ? { 'x-auth-token': token } : {} });
  if (!res.ok) throw apiErrorFrom(res.status, await res.json().catch(() => null));
  return URL.createObjectURL(await res.blob());
}
