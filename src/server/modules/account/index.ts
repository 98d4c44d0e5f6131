/** The account area's public face: its routes. */
export { accountRoutes } from './account.routes.js';
