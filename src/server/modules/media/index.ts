/**
 * The media area's public face: its routes, the check other areas use before they show a file
 * as a user's, and the upload owner and sweep main.ts starts (docs/faults.md).
 */
export { mediaRoutes } from './media.routes.js';
export { isIssuedTo, RESERVATION_LIFE_MS } from './media.service.js';
export { holdUploadOwner, ownDiskJob, UPLOAD_OWNER, uploadOwnerJob, uploadSweepJob } from './upload-sweep.js';
export { isCutOff, readHead } from './file-intake.js';
export { storePlayable } from './playable-file.js';
export { cutOffAware, filePart, registerUploads } from './multipart-upload.js';
export { openFinished, resumableSweepJob, sweepExpiredUploads } from './resumable-uploads.js';
export type { IncomingFile } from './media.service.js';
export { CONVERTED_FILES, conversionBackfillJob, conversionJob, conversionsOf, convertFile, outputKeys, runFfmpeg, storeOutputs, convertedKey, dropConversion, dropConversionsOf, playbackOf, queueConversion, withPlayback, type ConvertedFile, type Playback } from './conversions.js';
// Its part of the account export and deletion (account/sections.ts).
export { mediaSection } from './media.section.js';
// Stored files whose rows are gone, deleted after the commit and retried by a sweep (docs/account.md).
export { deleteQueuedFiles, fileDeletionsJob, queueFileDeletions, sweepFileDeletions } from './file-deletions.js';
