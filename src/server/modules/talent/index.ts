/** The talent area's public face: its routes, the hook that tells its search of performers' writes, and the portfolio's link preview for the page. */
export { talentRoutes } from './talent.routes.js';
export { createPerformerWriteAnnouncer } from './talent-search.js';
export { publicPreview } from './portfolio.service.js';
