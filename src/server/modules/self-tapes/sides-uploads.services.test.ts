/**
 * Sides uploads across two instances on one PostgreSQL and one Redis (docs/security.md,
 * "Uploads and images"; issue 48, items 1 and 3): a studio's uploads sent to both instances at once are
 * counted together against its hourly rate, and each instance keeps answering /healthz while
 * a hostile PDF is checked in its worker.
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAPE_LIMITS } from '../../../contract/self-tapes.js';
import type { AppProcess } from '../../../../test/app-process.js';
import { sharedKidsTree } from '../../../../test/hostile-pdfs.js';
import { multipart } from '../../../../test/media-files.js';
import { accountOn, startTwoInstances, type TwoInstances } from '../../../../test/two-instances.js';
import { studioFiles } from '../../db/schema/index.js';

let two: TwoInstances;

beforeAll(async () => {
  two = await startTwoInstances('sides', { RATE_LIMIT_SCALE: '1' });
}, 120_000);

afterAll(async () => {
  await two?.stop();
});

const upload = async (app: AppProcess, token: string, body: Buffer) => {
  const form = multipart({ filename: 'sides.pdf', body });
  const res = await fetch(`${app.baseUrl}/api/studio/files`, { method: 'POST', headers: { ...form.headers, 'x-auth-token': token }, body: new Uint8Array(form.payload) });
  return { status: res.status, body: (await res.json()) as { code?: string } };
};

describe('sides uploads on two instances', () => {
  it(`count together against ${TAPE_LIMITS.sidesPerHour} an hour for a studio; the rest are 429 and store nothing`, async () => {
    const studio = await accountOn(two, 'studio', 'Sides Flood Studio');
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    const pdf = Buffer.from(await doc.save());
    const sent = TAPE_LIMITS.sidesPerHour + 6;
    const answers = await Promise.all(Array.from({ length: sent }, (_, i) => upload(i % 2 ? two.b : two.a, studio.token, pdf)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(TAPE_LIMITS.sidesPerHour);
    expect(answers.filter((r) => r.status === 429).every((r) => r.body.code === 'too_many_requests')).toBe(true);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(6);
    expect(await two.database.db.select().from(studioFiles)).toHaveLength(TAPE_LIMITS.sidesPerHour);
    // The first checks wait for each instance's workers to load their code: seconds on a busy machine.
  }, 60_000);

  it('answer /healthz on both while each refuses a page tree of 2^60 visits', async () => {
    const studio = await accountOn(two, 'studio', 'Sides Tree Studio');
    const hostile = sharedKidsTree(60);
    const [onA, onB, healthA, healthB] = await Promise.all([
      upload(two.a, studio.token, hostile),
      upload(two.b, studio.token, hostile),
      fetch(`${two.a.baseUrl}/healthz`, { signal: AbortSignal.timeout(20_000) }),
      fetch(`${two.b.baseUrl}/healthz`, { signal: AbortSignal.timeout(20_000) }),
    ]);
    expect([healthA.status, healthB.status]).toEqual([200, 200]);
    expect([onA, onB]).toEqual([
      { status: 400, body: expect.objectContaining({ code: 'pdf_unreadable' }) },
      { status: 400, body: expect.objectContaining({ code: 'pdf_unreadable' }) },
    ]);
  });
});
