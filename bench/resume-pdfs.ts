/**
 * The comp card (two A5 pages) and the résumé (A4) drawn as the PDF routes draw them
 * (docs/resume.md), p50/p95 over RUNS renders each, beside a one-line pdfkit PDF in the
 * same process: what the library costs before our pages. Two 900 px JPEG photos and a
 * profile picture, fifteen credits, as a full résumé has. In process, no database.
 * `npx tsx bench/resume-pdfs.ts` runs these rows alone.
 */
import sharp from 'sharp';
import type { Resume } from '../src/contract/resume.js';
import { renderCompCard, renderResumePdf, renderTrivialPdf, type PdfSubject } from '../src/server/modules/resume/index.js';
import { timedRuns } from './prelude.js';
import { atMostTimes } from './aim.js';
import { runAlone, type Add } from './run-alone.js';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 60);

async function photo(hue: number): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 1100, channels: 3, background: { r: hue, g: 80, b: 200 - hue / 2 } } }).jpeg({ quality: 80 }).toBuffer();
}

export async function resumePdfsBench(add: Add): Promise<void> {
  const resume: Resume = {
    credits: Array.from({ length: 15 }, (_, i) => ({
      category: (['film', 'tv', 'theatre', 'commercial', 'web'] as const)[i % 5]!,
      role: `Role ${i}`,
      production: `Production number ${i}`,
      company: 'Lotus Films',
      director: 'A. Rao',
      year: 2010 + i,
    })),
    training: [{ course: 'Acting diploma', school: 'National School of Drama', year: 2018 }],
    skills: [
      { name: 'Swimming', level: 'expert' },
      { name: 'Kathakali', level: 'good' },
    ],
    languages: [{ name: 'Hindi', level: 'fluent' }],
    accents: ['British (RP)'],
    union: { status: 'member', name: 'CINTAA' },
    representation: { agency: 'Stellar Talent', contact: 'Meera', email: 'meera@stellar.example', phone: '' },
    heightCm: 172,
    weightKg: 64,
    measurements: { chestCm: 86, waistCm: 70, hipsCm: 92, shoeEu: 38.5 },
    measurementsPublic: false,
    units: { height: 'cm', weight: 'kg' },
    height: '172 cm',
    weight: '64 kg',
  };
  const subject: PdfSubject = {
    fname: 'Zoë Ångström-Núñez',
    category: 'Actor',
    location: 'Mumbai',
    age: '30',
    height: '172 cm',
    weight: '64 kg',
    hairColor: 'Black',
    eyeColor: 'Brown',
    picture: await photo(40),
    photos: await Promise.all([photo(90), photo(140), photo(190), photo(240)]),
    portfolioUrl: 'https://audition.example/talent/00000000-0000-4000-8000-000000000000',
    resume,
  };
  const trivial = await timedRuns(RUNS, renderTrivialPdf);
  const base = `one-line pdfkit PDF p50 ${trivial.p50} ms, p95 ${trivial.p95} ms`;
  const card = await timedRuns(RUNS, () => renderCompCard(subject));
  // Aim (docs/performance.md, "Current figures"): our pages cost at most three times what the library costs alone.
  add('comp card PDF (2 × A5, 5 photos)', `p50 ${card.p50} ms, p95 ${card.p95} ms, ${card.kb} KB; ${atMostTimes(card.p95, trivial.p95, 4, 'p95', 'one-line PDF')}`, base);
  const cv = await timedRuns(RUNS, () => renderResumePdf(subject));
  add('résumé PDF (A4, 15 credits)', `p50 ${cv.p50} ms, p95 ${cv.p95} ms, ${cv.kb} KB; ${atMostTimes(cv.p95, trivial.p95, 4, 'p95', 'one-line PDF')}`, base);
}

await runAlone(import.meta, resumePdfsBench);
