/**
 * The end-to-end app's settings that shorten waits on the real clock (docs/architecture.md,
 * "End-to-end tests"); global-setup.ts starts the app with them, and the specs that wait on
 * them read them here.
 */

/**
 * The undo window (DECISION_UNDO_SECONDS, docs/applications.md): shorter than the spec's 30 s
 * so each booking's or decline's notice does not keep a spec waiting half a minute, yet long
 * enough for a spec to press Undo, measure the undo bar and take its screenshots on a busy machine.
 */
export const E2E_UNDO_SECONDS = 10;

/**
 * The booking lock (SLOT_LOCK_MINUTES, docs/slots.md): 110 minutes rather than the spec's 120,
 * so a time starting within 2 hours, whose check-in is already open, can still be booked.
 */
export const E2E_SLOT_LOCK_MINUTES = 110;
