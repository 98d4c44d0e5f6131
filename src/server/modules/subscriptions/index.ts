/** The subscriptions area's public face: its routes, and the plan columns other areas read. */
export { subscriptionsRoutes } from './subscriptions.routes.js';
export { storedPlanColumns } from './stored-plan.js';
