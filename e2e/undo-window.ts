/**
 * The undo window of the end-to-end app (DECISION_UNDO_SECONDS, docs/applications.md): shorter
 * than the spec's 30 s so each booking's or decline's notice does not keep a spec waiting half
 * a minute on the real clock (docs/architecture.md, "End-to-end tests"), yet long enough for a
 * spec to press Undo, measure the undo bar and take its screenshots on a busy machine.
 */
export const E2E_UNDO_SECONDS = 10;
