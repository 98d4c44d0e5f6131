/**
 * The notifications area's public face: its routes, the one function that tells an
 * account something (in the caller's transaction), and the mail step run after commit.
 */
export { notificationsRoutes } from './notifications.routes.js';
export { mailRetryJob, oweMail, sendOrKeep, sendOwed } from './mail-outbox.js';
export { createNotification, createNotifications, sendAfterCommit, type AfterCommit, type NewNotification } from './notifications.service.js';
// Its part of the account export (account/sections.ts).
export { notificationsSection } from './notifications.section.js';
export { digestJob, runDigest, type Digest } from './digest.js';
export { mailSettings, type MailSettings } from './mail-settings.js';
