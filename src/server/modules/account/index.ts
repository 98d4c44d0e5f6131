/** The account area's public face: its routes and the file-deletion sweep main.ts starts. */
export { accountRoutes } from './account.routes.js';
export { startFileDeletionSweep } from './file-deletions.js';
