/** Young performers and their guardians (docs/guardians.md): the routes, what other areas ask of a minor, the export and the daily sweep. */
export { guardiansRoutes } from './guardians.routes.js';
export { consentingGuardian, hasDateOfBirth, heldSql, isHeld, minorSql, minorsAmong } from './held.js';
export { guardianExport, guardianSweepJob, runGuardianSweep } from './guardians.service.js';
export { guardiansSection } from './guardians.section.js';
