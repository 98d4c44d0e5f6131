/** The checker of login's `next` parameter (docs/security.md, "Deep links through login"). */
import { describe, expect, it } from 'vitest';
import { safeNextUrl } from './next-path.js';

const ORIGIN = 'https://audition.example';

describe('safeNextUrl', () => {
  it.each([
    ['/media/photos?from=mail#top', `${ORIGIN}/media/photos?from=mail#top`],
    ['/jobs/42', `${ORIGIN}/jobs/42`],
    ['/a/../media/photos', `${ORIGIN}/media/photos`],
  ])('follows the same-site path %s as the URL of this site', (next, url) => {
    expect(safeNextUrl(next, ORIGIN)).toBe(url);
  });

  it.each([
    // Paths that resolve to `//evil.example…`: followed as a path, the browser would leave the site.
    '/.//evil.example/phish',
    '/x/..//evil.example',
    '/%2e//evil.example',
    '/%2E//evil.example',
    '/./\\evil.example',
    '/.\\/evil.example',
    '/x/../\\evil.example',
    // Another host outright, or no URL of this site at all.
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/x',
    'javascript:alert(1)',
    'evil.example',
    // Login itself would loop.
    '/login',
    '/./login?next=/x',
    '',
    null,
  ])('refuses next=%s', (next) => {
    expect(safeNextUrl(next, ORIGIN)).toBeNull();
  });

  it('never answers a URL of another origin, whatever the path', () => {
    const tries = ['/', '.', '..', '%2e', '%2E', '\\', '/', '%2f', '%5c', 'evil.example', '@evil.example', ':'];
    for (const a of tries) {
      for (const b of tries) {
        for (const c of tries) {
          const url = safeNextUrl(`/${a}${b}${c}evil.example/x`, ORIGIN);
          if (url !== null) {
            expect(new URL(url).origin).toBe(ORIGIN);
            expect(url.startsWith(`${ORIGIN}/`)).toBe(true);
            expect(url.startsWith(`${ORIGIN}//`)).toBe(false);
          }
        }
      }
    }
  });
});
