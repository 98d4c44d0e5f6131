/** The users row's plan columns: what `planInForce` (src/contract/plan-in-force.ts) reads. */
import { users } from '../../db/schema/index.js';

export const storedPlanColumns = {
  subscriptionName: users.subscriptionName,
  subscriptionPrice: users.subscriptionPrice,
  subscriptionStart: users.subscriptionStart,
  subscriptionEnd: users.subscriptionEnd,
  queuedPlanName: users.queuedPlanName,
  queuedPlanPrice: users.queuedPlanPrice,
};
