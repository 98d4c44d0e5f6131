/**
 * The studio hears of what performers do (docs/applications.md): how the self-tapes and slots
 * areas tell it, in their own transaction, and the hourly digest job.
 */
export { activityDigestJob, activityLinks, runActivityDigest, tellStudioOfPerformer } from './studio-activity.js';
