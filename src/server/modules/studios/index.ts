/** The studios area's public face: its routes, and how a studio row is presented (the studio's own page uses it too). */
export { studiosRoutes } from './studios.routes.js';
export { presentStudio } from './studios.presenter.js';
/** The condition that keeps a deleted account's emptied studio row out of public reads. */
export { studioNotDeleted } from './studio-not-deleted.js';
/** Cursor and LIKE helpers the job board pages and searches with. */
export { decodeCursor, encodeCursor, escapeLike } from './studio-search.js';
/** Whether a studio's public page exists (plugins/web-routes.ts). */
export { studioPageExists } from './studio-page.js';
