/**
 * The sides' PDF work, run in a pool worker (lib/worker-pool.ts), never on the main thread
 * (docs/security.md, "PDFs: parsed, stamped and drawn off the main thread"): the check of an upload (pdf-guard.ts, then the page
 * count) and the stamp of a download. Each reads the stored file itself, so the main thread
 * never holds it.
 *
 * The stamp (its line is made in sides.service.ts) goes on every page, so a leaked copy says
 * whose it was (docs/self-tapes.md, "Sides"). Drawn with pdf-lib in DejaVu Sans from the
 * dejavu-fonts-ttf package, the font the résumé PDFs use, so any name prints.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { degrees, PDFDocument, rgb } from 'pdf-lib';
import { checkInflation, countPages, PdfRefused } from './pdf-guard.js';

const require = createRequire(import.meta.url);
const FONT = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));

/** Where a worker reads a stored PDF: a file on this machine, or a (signed) bucket address. */
export type PdfSource = { kind: 'local'; file: string } | { kind: 'url'; url: string };

async function read(source: PdfSource): Promise<Buffer> {
  if (source.kind === 'local') return readFile(source.file);
  const res = await fetch(source.url);
  if (!res.ok) throw new Error(`reading sides from the bucket answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Loads a PDF only after its streams' inflation is checked, and counts its pages with the bounded walk; any failure is PdfRefused. */
async function load(pdf: Buffer): Promise<{ doc: PDFDocument; pages: number }> {
  try {
    checkInflation(pdf);
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    return { doc, pages: countPages(doc) };
  } catch (err) {
    throw err instanceof PdfRefused ? err : new PdfRefused(`pdf-lib could not read it: ${(err as Error).message}`);
  }
}

/** The upload's check: its number of pages, or PdfRefused. */
export async function checkSides(source: PdfSource): Promise<number> {
  return (await load(await read(source))).pages;
}

/** The download's stamp: every page of the stored sides with `line`. */
export async function stampSides(source: PdfSource, line: string): Promise<Uint8Array> {
  return stampPdf(await read(source), line);
}

export async function stampPdf(pdf: Buffer, line: string): Promise<Uint8Array> {
  const { doc } = await load(pdf);
  doc.registerFontkit(fontkit);
  // Subset: only the stamp's glyphs are embedded, so the answer stays small.
  const font = await doc.embedFont(FONT, { subset: true });
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    const size = Math.max(8, Math.min(11, width / 60));
    // At the foot of every page, and once faintly across it: cropping the foot off leaves the mark.
    page.drawText(line, { x: 24, y: 14, size, font, color: rgb(0.35, 0.1, 0.45) });
    page.drawText(line, { x: width * 0.1, y: height * 0.3, size: size * 1.6, font, color: rgb(0.6, 0.6, 0.6), opacity: 0.25, rotate: degrees(35) });
  }
  // Without object streams, so every reader (and the tests' plain reader) finds the pages.
  return doc.save({ useObjectStreams: false });
}
