/**
 * Which addresses are pages of the single-page app: the route table of src/web/routes.tsx,
 * with, for pages about one record, a check that the record exists. Every other address,
 * and a page of a record that does not exist, answers 404 (with the same page, which shows
 * its "not found" screen), so search engines drop it.
 */
import type { Db } from '../db/client.js';
import { jobPageExists } from '../modules/jobs/index.js';
import { conversationPageExists } from '../modules/messages/index.js';
import { studioPageExists } from '../modules/studios/index.js';
import { publicPreview } from '../modules/talent/index.js';
import { TALENT_MSG } from '../../contract/talent-messages.js';
import { personName } from '../../contract/names.js';

export interface WebRoute {
  /** As in src/web/routes.tsx: `/literal/:param`. */
  path: string;
  /** For a page about one record: whether it exists. Runs only after the path matched. */
  exists?: (params: Record<string, string>, db: Db) => Promise<boolean>;
  /** For a page others share: the link preview (title, description, picture) served with its HTML. */
  preview?: (params: Record<string, string>, db: Db) => Promise<PagePreview | null>;
}

export interface PagePreview {
  title: string;
  description: string;
  /** A picture address, absolute or on this site; '' for none. */
  image: string;
}

const studioExists = ({ id = '' }: Record<string, string>, db: Db) => studioPageExists(db, id);
const jobExists = ({ id = '' }: Record<string, string>, db: Db) => jobPageExists(db, id);
const conversationExists = ({ id = '' }: Record<string, string>, db: Db) => conversationPageExists(db, id);
/** A portfolio is a page only while the profile is public (docs/talent.md). */
const portfolioPreview = async ({ id = '' }: Record<string, string>, db: Db): Promise<PagePreview | null> => {
  const row = await publicPreview(db, id);
  return row && { title: TALENT_MSG.portfolioTitle(personName(row.fname)), description: TALENT_MSG.portfolioDescription(row.category, row.location), image: row.profilePic };
};

/** Keep in step with src/web/routes.tsx (the `*` route is what this answers 404 for). */
export const WEB_ROUTES: readonly WebRoute[] = [
  { path: '/' },
  { path: '/contact' },
  { path: '/terms' },
  { path: '/privacy' },
  { path: '/studio' },
  { path: '/studio-detail/:id', exists: studioExists },
  { path: '/download-section' },
  { path: '/editProfile' },
  { path: '/info' },
  { path: '/basic-profile-sec' },
  { path: '/apperance' },
  { path: '/subscription' },
  { path: '/media/photos' },
  { path: '/media/videos' },
  { path: '/media/audios' },
  { path: '/login' },
  { path: '/signup' },
  { path: '/profile' },
  { path: '/editapperance' },
  { path: '/editResume' },
  { path: '/forgot-password' },
  { path: '/reset-password' },
  { path: '/settings' },
  { path: '/admin' },
  { path: '/studio-signup' },
  { path: '/dashboard' },
  { path: '/dashboard/studio' },
  { path: '/dashboard/jobs/new' },
  { path: '/dashboard/jobs/:id' },
  { path: '/dashboard/jobs/:id/schedule' },
  { path: '/dashboard/jobs/:id/applicants' },
  { path: '/dashboard/jobs/:id/self-tapes' },
  { path: '/dashboard/jobs/:id/self-tapes/new' },
  { path: '/jobs' },
  { path: '/jobs/:id', exists: jobExists },
  { path: '/messages' },
  { path: '/messages/:id', exists: conversationExists },
  { path: '/talent/:id', exists: async (params, db) => (await portfolioPreview(params, db)) !== null, preview: portfolioPreview },
  { path: '/dashboard/talent' },
  { path: '/join/:token' },
  { path: '/dashboard/shortlists' },
  { path: '/applications' },
  // Recording a tape (docs/media.md): the performer's own request, read by the page with the account's token.
  { path: '/applications/tapes/:id/record' },
  // A review room (docs/self-tapes.md): no account, never indexed (web-app.ts adds noindex).
  { path: '/review/:token' },
];

/** The route's params when the path matches it; like React Router: any case, a trailing slash allowed. */
export function matchWebRoute(pattern: string, pathname: string): Record<string, string> | null {
  const split = (p: string) => p.split('/').filter(Boolean);
  const want = split(pattern);
  const got = split(pathname);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w.toLowerCase() !== g.toLowerCase()) {
      return null;
    }
  }
  return params;
}

/** Whether the address (path and query) is a page that exists. */
export function createPageCheck(db: Db, routes: readonly WebRoute[] = WEB_ROUTES) {
  return async (url: string): Promise<boolean> => {
    const pathname = url.split(/[?#]/, 1)[0] ?? '/';
    // An empty segment (`//x`) is not a page React Router would show either.
    if (/\/\/./.test(pathname)) return false;
    for (const route of routes) {
      const params = matchWebRoute(route.path, pathname);
      if (params) return route.exists ? route.exists(params, db) : true;
    }
    return false;
  };
}

/** The link preview of the address, when its page has one. */
export function createPagePreview(db: Db, routes: readonly WebRoute[] = WEB_ROUTES) {
  return async (url: string): Promise<PagePreview | null> => {
    const pathname = url.split(/[?#]/, 1)[0] ?? '/';
    for (const route of routes) {
      const params = matchWebRoute(route.path, pathname);
      if (params) return route.preview ? route.preview(params, db) : null;
    }
    return null;
  };
}
