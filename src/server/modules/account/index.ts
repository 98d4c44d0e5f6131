/** The account area's public face: its routes, the file-deletion sweep main.ts starts, and the queue other areas' deletions use. */
export { accountRoutes } from './account.routes.js';
export { deleteQueuedFiles, fileDeletionsJob, queueFileDeletions } from './file-deletions.js';
