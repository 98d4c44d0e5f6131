/** The account area's public face: its routes and the file-deletion sweep main.ts starts. */
export { accountRoutes } from './account.routes.js';
export { fileDeletionsJob } from './file-deletions.js';
