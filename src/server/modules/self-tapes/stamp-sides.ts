/**
 * Stamps every page of the sides with the performer's name and the date, so a leaked copy
 * says whose it was (docs/self-tapes.md, "Sides"). Drawn with pdf-lib in DejaVu Sans from
 * the dejavu-fonts-ttf package, the font the résumé PDFs use, so any name prints.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { degrees, PDFDocument, rgb } from 'pdf-lib';

const require = createRequire(import.meta.url);
const FONT = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));

export const stampText = (name: string, date: Date) => `${name} · ${date.toISOString().slice(0, 10)}`;

export async function stampSides(pdf: Buffer, name: string, date: Date): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  doc.registerFontkit(fontkit);
  // Subset: only the stamp's glyphs are embedded, so the answer stays small.
  const font = await doc.embedFont(FONT, { subset: true });
  const line = stampText(name, date);
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    const size = Math.max(8, Math.min(11, width / 60));
    // At the foot of every page, and once faintly across it: cropping the foot off leaves the mark.
    page.drawText(line, { x: 24, y: 14, size, font, color: rgb(0.35, 0.1, 0.45) });
    page.drawText(line, { x: width * 0.15, y: height * 0.35, size: size * 2.2, font, color: rgb(0.6, 0.6, 0.6), opacity: 0.25, rotate: degrees(35) });
  }
  // Without object streams, so every reader (and the tests' plain reader) finds the pages.
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
