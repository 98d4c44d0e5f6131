/** The résumé area's public face: its routes, the résumé as read for a portfolio or an applicant card, its PDFs and its fit words. */
export { resumeRoutes } from './resume.routes.js';
export { readResume } from './resume.service.js';
export { orderCredits, presentResume } from './resume.presenter.js';
export { renderCompCard, renderResumePdf, renderTrivialPdf, type PdfSubject } from './resume-pdf.js';
export { readPictures } from './pdf-pictures.js';
export { renderInWorker } from './pdf-tasks.js';
export { fitFor, fitWords } from './fit-words.js';
export { resumeSection } from './resume.section.js';
