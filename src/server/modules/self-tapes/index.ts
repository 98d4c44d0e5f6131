/** The self-tapes area's public face: its routes, the review room's, and the sweep tests run themselves. */
export { selfTapesRoutes } from './self-tapes.routes.js';
export { runTapeSweep, tapeSweepJob } from './tape-sweep.js';
export { stampSides } from './stamp-sides.js';
