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

/**
 * The conversion job's pass (CONVERSION_EVERY_SECONDS, docs/media.md): 2 s rather than 3, so a
 * sent tape waits less for the pass that converts it, and a file ffmpeg cannot convert ends
 * `failed` about 4 s after its first attempt rather than 6. Not 1 s: the specs that show such a
 * tape's "Processing…" reload and open its card first, and need those seconds to see it.
 */
export const E2E_CONVERSION_EVERY_SECONDS = 2;
