/** The subscriptions area's public face: its routes. */
export { subscriptionsRoutes } from './subscriptions.routes.js';
