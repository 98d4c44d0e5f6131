/** The config area's public face: its route. */
export { configRoutes } from './config.routes.js';
