/**
 * The comp card and résumé drawn in a pool worker (lib/worker-pool.ts), not on the main thread
 * (docs/resume.md, "PDFs"): pdfkit draws synchronously, and many at once held the event loop
 * long enough for the database pool to time out. `renderInWorker` is the main thread's side;
 * `compCard` and `resumePdf` run in the worker, where the pictures arrive as plain bytes.
 */
import { errors } from '../../errors.js';
import { WorkerBusyError, WorkerLimitError, workerPool } from '../../lib/worker-pool.js';
import { renderCompCard, renderResumePdf, type PdfSubject } from './resume-pdf.js';

const asBuffers = (s: PdfSubject): PdfSubject => ({ ...s, picture: s.picture && Buffer.from(s.picture), photos: s.photos.map((p) => Buffer.from(p)) });

export const compCard = async (s: PdfSubject) => new Uint8Array(await renderCompCard(asBuffers(s)));
export const resumePdf = async (s: PdfSubject) => new Uint8Array(await renderResumePdf(asBuffers(s)));

const TASKS = new URL('./pdf-tasks.ts', import.meta.url);

/** Draws one of the two PDFs in a worker; a full queue or a worker past its limits is 503 (retry). */
export async function renderInWorker(kind: 'comp-card' | 'resume', subject: PdfSubject): Promise<Buffer> {
  try {
    const pdf = await workerPool().run<Uint8Array>(TASKS, kind === 'comp-card' ? 'compCard' : 'resumePdf', [subject]);
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  } catch (err) {
    if (err instanceof WorkerBusyError || err instanceof WorkerLimitError) throw errors.unavailable();
    throw err;
  }
}
