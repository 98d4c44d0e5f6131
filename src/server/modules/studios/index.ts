/** The studios area's public face: its routes. */
export { studiosRoutes } from './studios.routes.js';
