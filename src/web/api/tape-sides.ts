/** GET /api/audition/tape-requests/{id}/sides: the stamped PDF, read with the auth header and opened as a local object URL. */
import { apiErrorFrom } from './client';
import { session } from './session';
import { useWrite, type WriteHandlers } from './use-write';

export async function openSides(id: string): Promise<string> {
  const token = session.token();
  const res = await fetch(`/api/audition/tape-requests/${encodeURIComponent(id)}/sides`, { headers: token ? { 'x-auth-token': token } : {} });
  if (!res.ok) throw apiErrorFrom(res.status, await res.json().catch(() => null));
  return URL.createObjectURL(await res.blob());
}

/** Opening the sides, with its pending state for the button (the call is a read, run on a click). */
export function useOpenSides(handlers: WriteHandlers<string, string, never>) {
  return useWrite(openSides, handlers);
}
