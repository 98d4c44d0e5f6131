/** The profile area's public face: its routes, how days of a subscription are counted, and the profile as presented (the portfolio shows part of it). */
export { profileRoutes } from './profile.routes.js';
export { presentProfile } from './profile.presenter.js';
// Its part of the account export (account/sections.ts).
export { profileSection } from './profile.section.js';
