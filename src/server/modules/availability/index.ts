/** Availability: the performer's unavailable days and the conflicts a studio sees (docs/talent.md). */
export { availabilityRoutes } from './availability.routes.js';
export { createAvailabilityService } from './availability.service.js';
