/** The profile area's public face: its routes, and how days of a subscription are counted. */
export { profileRoutes } from './profile.routes.js';
export { DAY_MS, daysLeft } from './profile.presenter.js';
