/**
 * Every page of the single-page app, the spec's routes (§2) with their typos: the one list
 * both the web's route table (src/web/routes.tsx) and the server's page check
 * (src/server/plugins/web-routes.ts) are typed by, so a page added to one and not the other
 * does not compile. `:name` is a parameter, as in React Router.
 */
export const WEB_PATHS = [
  '/',
  '/contact',
  '/studio',
  '/studio-detail/:id',
  '/download-section',
  '/editProfile',
  '/info',
  '/basic-profile-sec',
  '/apperance',
  '/subscription',
  '/media/photos',
  '/media/videos',
  '/media/audios',
  '/login',
  '/signup',
  '/profile',
  '/editapperance',
  '/editResume',
  '/forgot-password',
  '/reset-password',
  '/settings',
  '/admin',
  '/studio-signup',
  '/dashboard',
  '/dashboard/studio',
  '/dashboard/jobs/new',
  '/dashboard/jobs/:id',
  '/dashboard/jobs/:id/schedule',
  '/dashboard/jobs/:id/applicants',
  '/dashboard/jobs/:id/self-tapes',
  '/dashboard/jobs/:id/self-tapes/new',
  '/jobs',
  '/jobs/:id',
  '/terms',
  '/privacy',
  '/messages',
  '/messages/:id',
  '/talent/:id',
  '/review/:token',
  '/guardian/:token',
  '/dashboard/talent',
  '/dashboard/shortlists',
  '/applications',
  '/applications/tapes/:id/record',
] as const;

export type WebPath = (typeof WEB_PATHS)[number];
