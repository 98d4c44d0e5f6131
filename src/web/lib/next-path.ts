/**
 * Deep links through login (docs/security.md "Deep links through login"): a page that needs
 * a login sends the visitor to /login?next=<where they were>, and login goes back there.
 * Only a path of this site is followed, never another host.
 */

/** /login, remembering `path` (path, query and hash of this site) to come back to. */
export const loginPathFor = (path: string) => (path && path !== '/' ? `/login?next=${encodeURIComponent(path)}` : '/login');

/** The same-site path of a `next` parameter, or null for anything else (another host, `//x`, `/\x`, `javascript:`). */
export function safeNextPath(next: string | null, origin: string = window.location.origin): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  try {
    const url = new URL(next, origin);
    if (url.origin !== origin || url.pathname.startsWith('/login')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
