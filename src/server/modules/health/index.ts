/** The health area's public face: its routes (the probes and the operator's figures). */
export { healthRoutes } from './health.routes.js';
export { metricsRoutes } from './metrics.routes.js';
