/** The talent area's public face: its routes, and the portfolio's link preview for the page. */
export { talentRoutes } from './talent.routes.js';
export { publicPreview } from './portfolio.service.js';
export { visibleTo } from './talent.presenter.js';
// Its part of the account export (account/sections.ts).
export { talentSection } from './talent.section.js';
