/**
 * The applications area's public face: its routes, and what closing jobs needs (the jobs
 * area closes their undecided applications in its own transaction, then mails).
 */
export { applicationsRoutes } from './applications.routes.js';
export { closeApplicationsOf, mailSettings, type MailSettings } from './status-change.js';
export { endWhatHangsOn } from './decision-ends.js';
export { historyAction, type Actor } from '../history/index.js';
export { applicantDigestJob, runApplicantDigest } from './applicant-notice.js';
// Where a performer stands before applying (GET /api/jobs/{id} with their token).
export { standingOf } from './apply.service.js';
// The notice of a final decision, sent once its undo window passed (a background job).
export { decisionNoticesJob, runDecisionNotices } from './decision-notices.js';
// A job's applicants by status and role in one statement (the studio's own job reads them).
export { countApplicants } from './applicant-counts.js';
// Its part of the account export and deletion (account/sections.ts).
export { applicationsSection } from './applications.section.js';
