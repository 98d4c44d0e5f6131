/** The contact area's public face: its route. */
export { contactRoutes } from './contact.routes.js';
