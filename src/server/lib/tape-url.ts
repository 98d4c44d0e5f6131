/**
 * The signed URL of a self-tape (docs/self-tapes.md, "Tapes"): a video element cannot send
 * the auth header, so the URL a signed-in answer carries is itself the permission, for a
 * few hours, keyed by the server's secret. Here, not in an area, because the applications
 * area (the applicant card) and the self-tapes area both hand tapes out.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const TAPE_URL_SECONDS = 6 * 3600;

const sign = (secret: Uint8Array, tapeId: string, expires: number) => createHmac('sha256', secret).update(`tape:${tapeId}:${expires}`).digest('base64url');

export function tapeUrlChecks(secret: Uint8Array) {
  return {
    url(tapeId: string, now = Date.now()): string {
      const expires = Math.floor(now / 1000) + TAPE_URL_SECONDS;
      return `/api/tapes/${tapeId}?expires=${expires}&sig=${sign(secret, tapeId, expires)}`;
    },
    valid(tapeId: string, expires: string | undefined, sig: string | undefined, now = Date.now()): boolean {
      const at = Number(expires);
      if (!sig || !Number.isInteger(at) || at * 1000 < now) return false;
      const want = Buffer.from(sign(secret, tapeId, at));
      const got = Buffer.from(sig);
      return want.length === got.length && timingSafeEqual(want, got);
    },
  };
}
