/** The comp card's back lays photos out by their aspect ratio (issue 49 item 20; docs/resume.md). */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../../test/pdf-text.js';
import { layoutPhotos, renderCompCard, type Box } from './resume-pdf.js';

// A5 less the 36 pt margins, less the 170 pt the name, stats and address keep.
const AREA: Box = { x: 36, y: 36, w: 419.53 - 72, h: 595.28 - 72 - 170 };
const inside = (b: Box) => b.x >= AREA.x - 1e-6 && b.y >= AREA.y - 1e-6 && b.x + b.w <= AREA.x + AREA.w + 1e-6 && b.y + b.h <= AREA.y + AREA.h + 1e-6;
const overlap = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('layoutPhotos', () => {
  const shapes = {
    'a portrait and a square': [{ width: 600, height: 900 }, { width: 800, height: 800 }],
    'a square and a portrait': [{ width: 800, height: 800 }, { width: 600, height: 900 }],
    'four mixed, one very tall and one wide': [{ width: 600, height: 900 }, { width: 800, height: 800 }, { width: 300, height: 1200 }, { width: 1600, height: 900 }],
    'three': [{ width: 1600, height: 900 }, { width: 600, height: 900 }, { width: 800, height: 800 }],
    'one portrait': [{ width: 600, height: 900 }],
  };
  for (const [name, sizes] of Object.entries(shapes)) {
    it(`${name}: every box inside the page's area, none overlapping, each at its photo's ratio`, () => {
      const boxes = layoutPhotos(sizes, AREA);
      expect(boxes).toHaveLength(sizes.length);
      boxes.forEach((b, i) => {
        expect(inside(b), JSON.stringify(b)).toBe(true);
        expect(b.h / b.w).toBeCloseTo(sizes[i]!.height / sizes[i]!.width, 5);
        boxes.slice(i + 1).forEach((o) => expect(overlap(b, o), `${JSON.stringify(b)} ${JSON.stringify(o)}`).toBe(false));
      });
    });
  }
  it('no photos, no boxes', () => expect(layoutPhotos([], AREA)).toEqual([]));
});

describe('the comp card with a portrait and a square photo', () => {
  it('opens as a two-page A5 PDF with the name and stats on the back', async () => {
    const jpeg = (width: number, height: number, r: number) =>
      sharp({ create: { width, height, channels: 3, background: { r, g: 80, b: 160 } } }).jpeg().toBuffer();
    const [portrait, square] = await Promise.all([jpeg(600, 900, 200), jpeg(800, 800, 40)]);
    const pdf = await renderCompCard({
      fname: 'Ana Photo',
      category: 'Actor',
      location: 'Pune',
      age: '30',
      height: '172 cm',
      weight: '64 kg',
      hairColor: 'Black',
      eyeColor: 'Brown',
      picture: portrait,
      photos: [portrait, square],
      portfolioUrl: 'https://audition.example/talent/1',
      resume: { credits: [], training: [], skills: [], languages: [], accents: [], union: { status: 'none', name: '' }, representation: null, heightCm: 172, weightKg: 64, measurements: { shoeEu: 38 }, measurementsPublic: false, units: { height: 'cm', weight: 'kg' }, height: '172 cm', weight: '64 kg' },
    });
    if (process.env.COMP_CARD_OUT) (await import('node:fs')).writeFileSync(process.env.COMP_CARD_OUT, pdf);
    const pages = readPdf(pdf);
    expect(pages).toHaveLength(2);
    expect(Math.round(pages[1]!.width)).toBe(420);
    expect(pages[1]!.text).toContain('Ana Photo');
    expect(pages[1]!.text).toContain('172 cm');
  });
});
