/** The studios area's public face: its routes. */
export { studiosRoutes } from './studios.routes.js';
/** Cursor, id and LIKE helpers the job board pages and searches with. */
export { decodeCursor, encodeCursor, escapeLike, isUuid } from './studio-search.js';
