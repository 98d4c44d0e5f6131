/** The admin area's public face: its routes. */
export { adminRoutes } from './admin.routes.js';
