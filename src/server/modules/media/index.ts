/** The media area's public face: its routes, and the check other areas use before they show a file as a user's. */
export { mediaRoutes } from './media.routes.js';
export { isIssuedTo } from './media.service.js';
