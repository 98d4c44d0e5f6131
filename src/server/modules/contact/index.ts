/** The contact area's public face: its route. */
export { contactRoutes } from './contact.routes.js';
// Its part of the account export (account/sections.ts).
export { contactSection } from './contact.section.js';
