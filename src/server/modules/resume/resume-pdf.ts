/**
 * The comp card (two A5 pages) and the résumé (A4) as PDFs (docs/resume.md),
 * drawn with pdfkit in DejaVu Sans from the dejavu-fonts-ttf package: it covers Latin with
 * accents, so "Zoë Ångström-Núñez" prints as typed. pdfkit embeds only the glyphs used.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import {
  CREDIT_CATEGORIES,
  CREDIT_CATEGORY_LABELS,
  LEVEL_LABELS,
  UNION_LABELS,
  type Resume,
} from '../../../contract/resume.js';
import { personName } from '../../../contract/names.js';
import { heightShown, weightShown } from '../../../contract/units.js';

const require = createRequire(import.meta.url);
// Read once: every PDF embeds a subset of the same two files.
const REGULAR = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
const BOLD = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));

/** What both PDFs show of a performer: the portfolio's fields, pictures already read as JPEG bytes. */
export interface PdfSubject {
  fname: string;
  category: string;
  location: string;
  age: string;
  height: string;
  weight: string;
  hairColor: string;
  eyeColor: string;
  /** The profile picture, or null without one (or when it could not be read). */
  picture: Buffer | null;
  /** Up to four photos for the comp card's back. */
  photos: Buffer[];
  /** The portfolio's address. */
  portfolioUrl: string;
  resume: Resume;
}

const INK = '#1f1a2e';
const MUTED = '#5c5670';
const BRAND = '#6b2bd9';

function newDoc(size: 'A5' | 'A4', title: string) {
  const doc = new PDFDocument({ size, margin: 36, autoFirstPage: true, info: { Title: title, Creator: 'Audition' } });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  doc.font('regular').fillColor(INK);
  return doc;
}

function finish(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The stats both PDFs print, only those given: "Height 172 cm (5′8″)", "Shoe (EU) 38.5". */
export function statLines(s: PdfSubject): [string, string][] {
  const m = s.resume.measurements;
  const lines: [string, string | number | undefined][] = [
    ['Age', s.age],
    ['Height', heightShown(s.height)],
    ['Weight', weightShown(s.weight)],
    ['Hair', s.hairColor],
    ['Eyes', s.eyeColor],
    ['Chest', m.chestCm !== undefined ? `${m.chestCm} cm` : undefined],
    ['Waist', m.waistCm !== undefined ? `${m.waistCm} cm` : undefined],
    ['Hips', m.hipsCm !== undefined ? `${m.hipsCm} cm` : undefined],
    ['Shoe (EU)', m.shoeEu],
  ];
  return lines.filter((l): l is [string, string | number] => l[1] !== undefined && l[1] !== '').map(([k, v]) => [k, String(v)]);
}

function picture(doc: PDFKit.PDFDocument, bytes: Buffer | null, x: number, y: number, w: number, h: number) {
  doc.save().rect(x, y, w, h).fill('#ece8f5').restore();
  if (!bytes) return;
  try {
    doc.image(bytes, x, y, { cover: [w, h], align: 'center', valign: 'center' });
  } catch {
    // A picture pdfkit cannot read leaves its frame empty rather than failing the card.
  }
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Where the comp card's back places its photos (issue 49 item 20): two to a row, each photo
 * fitted whole inside its cell at its own aspect ratio and centred, a row as tall as its
 * tallest photo needs but never more than its share of `area`. Every box stays inside `area`
 * and no two overlap, whatever the shapes (a portrait beside a square used to overlap it and
 * run past the right margin).
 */
export function layoutPhotos(sizes: { width: number; height: number }[], area: Box, gap = 8): Box[] {
  const n = sizes.length;
  if (!n) return [];
  const cols = n === 1 ? 1 : 2;
  const rows = Math.ceil(n / cols);
  const cellW = (area.w - gap * (cols - 1)) / cols;
  const share = (area.h - gap * (rows - 1)) / rows;
  const ratio = (s: { width: number; height: number }) => (s.width > 0 && s.height > 0 ? s.height / s.width : 1);
  const boxes: Box[] = [];
  let y = area.y;
  for (let r = 0; r < rows; r++) {
    const row = sizes.slice(r * cols, r * cols + cols);
    const rowH = Math.min(share, Math.max(...row.map((s) => cellW * ratio(s))));
    row.forEach((s, i) => {
      // Contain: as large as fits the cell (cellW × rowH) at the photo's own ratio.
      const w = Math.min(cellW, rowH / ratio(s));
      const h = w * ratio(s);
      const cellX = area.x + i * (cellW + gap);
      boxes.push({ x: cellX + (cellW - w) / 2, y: y + (rowH - h) / 2, w, h });
    });
    y += rowH + gap;
  }
  return boxes;
}

/** A photo's pixel size as pdfkit reads it; a square for one it cannot read (its frame stays empty). */
function sizeOf(doc: PDFKit.PDFDocument, bytes: Buffer): { width: number; height: number } {
  try {
    const img = (doc as unknown as { openImage(b: Buffer): { width: number; height: number } }).openImage(bytes);
    return { width: img.width, height: img.height };
  } catch {
    return { width: 1, height: 1 };
  }
}

/** Two A5 pages: the front with the picture and the name; the back with photos, stats and the address. */
export async function renderCompCard(s: PdfSubject): Promise<Buffer> {
  const name = personName(s.fname);
  const doc = newDoc('A5', `${name} — comp card`);
  const { width, height } = doc.page;
  const m = 36;
  picture(doc, s.picture, m, m, width - 2 * m, height - 2 * m - 90);
  doc.font('bold').fontSize(24).fillColor(INK).text(name, m, height - m - 78, { width: width - 2 * m, align: 'center' });
  doc.font('regular').fontSize(11).fillColor(MUTED).text([s.category, s.location].filter(Boolean).join(' · '), { width: width - 2 * m, align: 'center' });

  doc.addPage({ size: 'A5', margin: m });
  const photos = s.photos.slice(0, 4);
  // The photos take what the name, stats and address (about 170 pt) leave of the page.
  const boxes = layoutPhotos(photos.map((p) => sizeOf(doc, p)), { x: m, y: m, w: width - 2 * m, h: height - 2 * m - 170 });
  photos.forEach((p, i) => {
    const b = boxes[i]!;
    picture(doc, p, b.x, b.y, b.w, b.h);
  });
  let y = boxes.length ? Math.max(...boxes.map((b) => b.y + b.h)) + 10 : m;
  doc.font('bold').fontSize(14).fillColor(INK).text(name, m, y);
  y = doc.y + 4;
  const stats = statLines(s);
  const col = (width - 2 * m) / 3;
  stats.forEach(([k, v], i) => {
    const x = m + (i % 3) * col;
    const yy = y + Math.floor(i / 3) * 26;
    doc.font('regular').fontSize(7).fillColor(MUTED).text(k.toUpperCase(), x, yy, { width: col - 4 });
    doc.font('bold').fontSize(10).fillColor(INK).text(v, x, yy + 9, { width: col - 4, lineBreak: false, ellipsis: true });
  });
  doc.font('regular').fontSize(9).fillColor(BRAND).text(s.portfolioUrl, m, height - m - 12, { width: width - 2 * m, align: 'center', link: s.portfolioUrl, lineBreak: false });
  return finish(doc);
}

/** A4: name, stats, credits by category (newest first), training, skills, languages, union and representation. */
export async function renderResumePdf(s: PdfSubject): Promise<Buffer> {
  const name = personName(s.fname);
  const doc = newDoc('A4', `${name} — résumé`);
  const r = s.resume;
  const left = doc.page.margins.left;
  const full = doc.page.width - left - doc.page.margins.right;
  doc.font('bold').fontSize(22).fillColor(INK).text(name);
  doc.font('regular').fontSize(10).fillColor(MUTED).text([s.category, s.location].filter(Boolean).join(' · '));
  const stats = statLines(s);
  if (stats.length) doc.moveDown(0.3).fontSize(9).fillColor(INK).text(stats.map(([k, v]) => `${k} ${v}`).join('   ·   '));
  doc.fontSize(8).fillColor(BRAND).text(s.portfolioUrl, { link: s.portfolioUrl });

  const heading = (title: string) => {
    doc.moveDown(0.8).font('bold').fontSize(12).fillColor(BRAND).text(title.toUpperCase(), left);
    doc.moveTo(left, doc.y + 1).lineTo(left + full, doc.y + 1).lineWidth(0.5).strokeColor('#d8d2e6').stroke();
    doc.moveDown(0.3).font('regular').fontSize(9.5).fillColor(INK);
  };
  const row = (main: string, rest: string, year: string) => {
    const y = doc.y;
    doc.font('bold').text(main, left, y, { width: full * 0.38 });
    const yMain = doc.y;
    doc.font('regular').text(rest, left + full * 0.4, y, { width: full * 0.5 });
    const yRest = doc.y;
    doc.text(year, left + full * 0.9, y, { width: full * 0.1, align: 'right' });
    doc.x = left;
    doc.y = Math.max(yMain, yRest) + 2;
  };

  if (r.credits.length) {
    heading('Credits');
    for (const category of CREDIT_CATEGORIES) {
      const credits = r.credits.filter((c) => c.category === category);
      if (!credits.length) continue;
      doc.moveDown(0.2).font('bold').fontSize(10).fillColor(MUTED).text(CREDIT_CATEGORY_LABELS[category], left);
      doc.fontSize(9.5).fillColor(INK);
      for (const c of credits) {
        row(c.production, [c.role, c.company, c.director && `dir. ${c.director}`].filter(Boolean).join(' · '), String(c.year));
      }
    }
  }
  if (r.training.length) {
    heading('Training');
    for (const c of r.training) row(c.course, c.school, c.year === null ? '' : String(c.year));
  }
  if (r.skills.length) {
    heading('Skills');
    doc.text(r.skills.map((k) => `${k.name} (${LEVEL_LABELS[k.level].toLowerCase()})`).join(', '), left, doc.y, { width: full });
  }
  if (r.languages.length || r.accents.length) {
    heading('Languages and accents');
    if (r.languages.length) doc.text(r.languages.map((l) => `${l.name} (${LEVEL_LABELS[l.level].toLowerCase()})`).join(', '), left, doc.y, { width: full });
    if (r.accents.length) doc.text(`Accents: ${r.accents.join(', ')}`, left, doc.y, { width: full });
  }
  if (r.union.status !== 'none' || r.representation) {
    heading('Union and representation');
    if (r.union.status !== 'none') doc.text([UNION_LABELS[r.union.status], r.union.name].filter(Boolean).join(': '), left, doc.y, { width: full });
    const rep = r.representation;
    if (rep) doc.text(['Agent', rep.agency, rep.contact, rep.email, rep.phone].filter(Boolean).join(' · '), left, doc.y, { width: full });
  }
  return finish(doc);
}

/** A one-page PDF with one line, for the benchmark's baseline. */
export async function renderTrivialPdf(): Promise<Buffer> {
  const doc = newDoc('A4', 'trivial');
  doc.text('Hello');
  return finish(doc);
}
