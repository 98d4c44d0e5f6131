/** The studio accounts area's public face: its routes, and the studio's own page that jobs belong to. */
export { studioAccountsRoutes } from './studio-accounts.routes.js';
export { createStudioAccountsService } from './studio-accounts.service.js';
