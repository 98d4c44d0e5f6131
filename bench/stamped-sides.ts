/**
 * The stamped sides (docs/self-tapes.md, "Sides"): a 30-page PDF, the most a studio may
 * upload, stamped on every page with the performer's name and the date as GET
 * /api/audition/tape-requests/{id}/sides does, p50/p95 over RUNS, beside a trivial pdf-lib
 * answer (a one-page PDF loaded and saved) in the same process: what the library costs
 * before our stamp. In process, no database or storage read.
 * `npx tsx bench/stamped-sides.ts` runs this row alone.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { stampSides } from '../src/server/modules/self-tapes/index.js';
import { round } from './load.js';
import { runAlone, type Add } from './run-alone.js';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 30);

async function timed(render: () => Promise<Buffer | Uint8Array>): Promise<{ p50: number; p95: number; kb: number }> {
  await render(); // the font's first subset and the JIT, outside the figures
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    size = (await render()).length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: round(at(0.5)), p95: round(at(0.95)), kb: round(size / 1024, 1) };
}

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
  const trivial = await timed(async () => (await PDFDocument.load(one)).save());
  const stamped = await timed(() => stampSides(thirty, 'Zoë Ångström-Núñez', new Date()));
  add('stamped sides (30 pages)', `p50 ${stamped.p50} ms, p95 ${stamped.p95} ms, ${stamped.kb} KB`, `one-page pdf-lib load+save p50 ${trivial.p50} ms, p95 ${trivial.p95} ms`);
}

await runAlone(import.meta, stampedSidesBench);
