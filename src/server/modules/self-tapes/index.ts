/** The self-tapes area's public face: its routes, the review room's, and the sweep tests run themselves. */
export { selfTapesRoutes } from './self-tapes.routes.js';
export { runTapeSweep, tapeSweepJob } from './tape-sweep.js';
export { sidesSweepJob } from './sides-sweep.js';
export { stampPdf } from './stamp-sides.js';
export { stampText } from './sides.service.js';
// Its part of the account export and deletion (account/sections.ts).
export { selfTapesSection } from './self-tapes.section.js';
