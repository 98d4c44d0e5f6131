/** The subscriptions area's public face: its routes, and the plan columns other areas read. */
export { subscriptionsRoutes } from './subscriptions.routes.js';
export { storedPlanColumns } from './stored-plan.js';
// Its parts of the account export and deletion (account/sections.ts).
export { paymentsSection } from './payments.section.js';
export { subscriptionSection } from './subscription.section.js';
