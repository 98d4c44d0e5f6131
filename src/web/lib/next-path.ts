/**
 * Deep links through login (docs/security.md "Deep links through login"): a page that needs
 * a login sends the visitor to /login?next=<where they were>, and login goes back there.
 * Only a path of this site is followed, never another host.
 */

/** /login, remembering `path` (path, query and hash of this site) to come back to. */
export const loginPathFor = (path: string) => (path && path !== '/' ? `/login?next=${encodeURIComponent(path)}` : '/login');

/**
 * Where a `next` parameter leads, as an absolute URL of this site (`origin`), or null for
 * anything else (another host, `//x`, `/\x`, `javascript:`).
 *
 * The answer is the checked URL itself, never a path taken out of it: `/.//evil.example`,
 * `/x/..//evil.example`, `/%2e//evil.example` and `/./\evil.example` all resolve to the
 * path `//evil.example`, which the browser would read as another host if it were followed
 * as a path (docs/security.md, "Redirects, raced passwords, secrets in the log, forged cursors, weak secrets"). Such a path is refused outright as well.
 */
export function safeNextUrl(next: string | null, origin: string = window.location.origin): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  try {
    const url = new URL(next, origin);
    if (url.origin !== origin || url.pathname.startsWith('//') || url.pathname.startsWith('/login')) return null;
    return url.href;
  } catch {
    return null;
  }
}
