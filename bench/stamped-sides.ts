/**
 * The stamped sides (docs/self-tapes.md, "Sides"): a 30-page PDF, the most a studio may
 * upload, stamped on every page with the performer's name, e-mail and the date as GET
 * /api/audition/tape-requests/{id}/sides does (there in a pool worker), p50/p95 over RUNS, beside a trivial pdf-lib
 * answer (a one-page PDF loaded and saved) in the same process: what the library costs
 * before our stamp. In process, no database or storage read.
 * `npx tsx bench/stamped-sides.ts` runs this row alone.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { stampPdf, stampText } from '../src/server/modules/self-tapes/index.js';
import { timedRuns } from './prelude.js';
import { atMostTimes } from './aim.js';
import { runAlone, type Add } from './run-alone.js';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 30);

async function sides(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i += 1) {
    const page = doc.addPage([612, 792]);
    for (let line = 0; line < 40; line += 1) page.drawText(`SCENE ${i + 1}. Line ${line}: the words the performer says here.`, { x: 60, y: 740 - line * 17, size: 11, font });
  }
  return Buffer.from(await doc.save());
}

export async function stampedSidesBench(add: Add): Promise<void> {
  const thirty = await sides(30);
  const one = await sides(1);
  const trivial = await timedRuns(RUNS, async () => (await PDFDocument.load(one)).save());
  const stamped = await timedRuns(RUNS, () => stampPdf(thirty, stampText('Zoë Ångström-Núñez', 'zoe@example.com', new Date())));
  // Aim (docs/performance.md, "Current figures"): a stamped page costs no more than loading and saving a one-page PDF.
  add('stamped sides (30 pages)', `p50 ${stamped.p50} ms, p95 ${stamped.p95} ms, ${stamped.kb} KB; ${atMostTimes(stamped.p95, trivial.p95, 30, 'p95', 'one-page load+save')}`, `one-page pdf-lib load+save p50 ${trivial.p50} ms, p95 ${trivial.p95} ms`);
}

await runAlone(import.meta, stampedSidesBench);
