/** The jobs area's public face: its routes, and how a job row is presented (the admin's restore answers one). */
export { jobsRoutes } from './jobs.routes.js';
export { deadlineSweepJob } from './deadline-sweep.js';
export { presentJobPost } from './jobs.presenter.js';
export { presentBoardJob, type JobRow } from './jobs.presenter.js';
// Roles (docs/marketplace.md, "Roles and pay"): read with their jobs wherever a job is answered.
export { rolesOf, type RoleRow } from './job-roles.js';
export { fitFor, type FitProfile } from './role-fit.js';
/** Whether a job's page exists (plugins/web-routes.ts). */
export { jobPageExists } from './job-page.js';
// A studio account's page and jobs in the account export and deletion (account/sections.ts).
export { studioSection } from './studio.section.js';
