/**
 * The attacks on sides (docs/security.md, "PDFs: parsed, stamped and drawn off the main thread"): hostile PDFs built byte by byte,
 * uploaded and downloaded through the app; the studio's file quota and the sweep of unused
 * sides; a stamp that a name of invisible characters cannot blank.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAPE_LIMITS, TAPE_MSG, type TapeRequest } from '../../../contract/self-tapes.js';
import { sidesDownloads, studioFiles, users } from '../../db/schema/index.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { objectStreamBomb, sharedKidsTree } from '../../../../test/hostile-pdfs.js';
import { multipart } from '../../../../test/media-files.js';
import { readPdf } from '../../../../test/pdf-text.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { earliestDeadline } from '../../../contract/tape-deadline.js';
import { runSidesSweep } from './sides-sweep.js';

let t: TestApp;

const upload = (token: string, body: Buffer) => {
  const form = multipart({ filename: 'sides.pdf', body });
  return t.app.inject({ method: 'POST', url: '/api/studio/files', headers: { ...form.headers, 'x-auth-token': token }, payload: form.payload, remoteAddress: newAddress() });
};
const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { 'x-auth-token': token }, payload, remoteAddress: newAddress() });

async function onePage(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText('Scene 1', { x: 50, y: 700 });
  return Buffer.from(await doc.save());
}

const filesOf = async (studioId: string) => (await t.ctx.db.select({ key: studioFiles.storageKey }).from(studioFiles).where(eq(studioFiles.studioId, studioId))).map((r) => r.key);

/** A performer who applied to one of the studio's jobs, and an accepted request for them with these sides. */
async function acceptedRequest(studio: StudioAccount, performer: Performer, sidesFileId: string): Promise<string> {
  const job = await postJob(t, studio, { title: `Sides Job ${randomBytes(3).toString('hex')}` });
  const applied = await call('POST', `/api/jobs/${job._id}/apply`, performer.token, {});
  const deadline = new Date(earliestDeadline(new Date(), 48).getTime() + 3_600_000).toISOString();
  const made = await call('POST', '/api/studio/tape-requests', studio.token, { applicationIds: [applied.json()._id], sidesFileId, deadline });
  expect(made.statusCode).toBe(201);
  const id = (made.json() as { tapeRequests: TapeRequest[] }).tapeRequests[0]!._id;
  expect((await call('POST', `/api/audition/tape-requests/${id}/accept`, performer.token)).statusCode).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a hostile PDF of sides (issue 48, item 1)', () => {
  it('refuses a page tree of 60 nodes that each name the next twice (2^60 visits), keeps answering meanwhile, stores nothing', async () => {
    const studio = await buildStudioAccount(t);
    const [res, health] = await Promise.all([upload(studio.token, sharedKidsTree(60)), t.app.inject({ method: 'GET', url: '/healthz' })]);
    expect(health.statusCode).toBe(200);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: TAPE_MSG.sidesUnreadable, code: 'pdf_unreadable' });
    expect(await filesOf(studio.studioId)).toEqual([]);
  });

  it('refuses a 27-level tree of shared kids over one real page', async () => {
    const studio = await buildStudioAccount(t);
    const res = await upload(studio.token, sharedKidsTree(27));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'pdf_unreadable' });
  });

  it('refuses a few kilobytes whose object stream inflates to 40 MB (past the 32 MB budget)', async () => {
    const studio = await buildStudioAccount(t);
    const bomb = objectStreamBomb(40 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(100_000);
    const res = await upload(studio.token, bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'pdf_unreadable' });
    expect(await filesOf(studio.studioId)).toEqual([]);
  });

  it('refuses to stamp such a file on download when it is already stored (kept from before the check)', async () => {
    const studio = await buildStudioAccount(t);
    const performer = await buildPerformer(t);
    await givePlan(t, performer._id, 'Gold');
    const good = await upload(studio.token, await onePage());
    expect(good.statusCode).toBe(201);
    const id = await acceptedRequest(studio, performer, good.json().fileId);
    // The stored file is swapped for the bomb, as a file stored before the check would be.
    const [file] = await t.ctx.db.select().from(studioFiles).where(eq(studioFiles.id, good.json().fileId));
    await t.ctx.storage.put(file!.storageKey, Readable.from([objectStreamBomb(40 * 1024 * 1024)]), 'application/pdf');
    const res = await call('GET', `/api/audition/tape-requests/${id}/sides`, performer.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'pdf_unreadable' });
  });
});

describe('the studio’s sides quota and the sweep of unused sides (issue 48, item 3)', () => {
  it(`keeps at most ${TAPE_LIMITS.sidesMaxFiles} files a studio; the sweep removes those no request uses after ${TAPE_LIMITS.unusedSidesDays} days, which frees room`, async () => {
    const studio = await buildStudioAccount(t);
    const performer = await buildPerformer(t);
    await givePlan(t, performer._id, 'Gold');
    const used = await upload(studio.token, await onePage());
    expect(used.statusCode).toBe(201);
    await acceptedRequest(studio, performer, used.json().fileId);
    // The rest of the quota, stored eight days ago and named by no request.
    const old = new Date(Date.now() - (TAPE_LIMITS.unusedSidesDays + 1) * 86_400_000);
    const keys: string[] = [];
    for (let i = 1; i < TAPE_LIMITS.sidesMaxFiles; i += 1) {
      const key = `private/sides-${randomBytes(12).toString('hex')}.pdf`;
      await t.ctx.storage.put(key, Readable.from([await onePage()]), 'application/pdf');
      keys.push(key);
    }
    await t.ctx.db.insert(studioFiles).values(keys.map((storageKey) => ({ studioId: studio.studioId, storageKey, pages: 1, size: 1000, createdAt: old })));
    await t.ctx.db.update(studioFiles).set({ createdAt: old }).where(eq(studioFiles.id, used.json().fileId));

    const full = await upload(studio.token, await onePage());
    expect(full.statusCode).toBe(403);
    expect(full.json()).toEqual({ msg: TAPE_MSG.sidesQuota, code: 'sides_quota_full' });
    expect(await filesOf(studio.studioId)).toHaveLength(TAPE_LIMITS.sidesMaxFiles);

    expect(await runSidesSweep(t.ctx, t.app.log)).toEqual({ removed: TAPE_LIMITS.sidesMaxFiles - 1 });
    const kept = await filesOf(studio.studioId);
    expect(kept).toHaveLength(1);
    expect(await t.ctx.storage.exists(kept[0]!)).toBe(true);
    expect(await Promise.all(keys.slice(0, 3).map((k) => t.ctx.storage.exists(k)))).toEqual([false, false, false]);
    expect((await upload(studio.token, await onePage())).statusCode).toBe(201);
  });

  it('counts uploads at once one after the other: a studio one short of its quota gets one more file, not ten', async () => {
    const studio = await buildStudioAccount(t);
    await t.ctx.db.insert(studioFiles).values(
      Array.from({ length: TAPE_LIMITS.sidesMaxFiles - 1 }, () => ({ studioId: studio.studioId, storageKey: `private/sides-${randomBytes(12).toString('hex')}.pdf`, pages: 1, size: 1000 })),
    );
    const pdf = await onePage();
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(studio.token, pdf)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(9).fill(403)]);
    expect(await filesOf(studio.studioId)).toHaveLength(TAPE_LIMITS.sidesMaxFiles);
  });
});

describe('the stamp of a download (issue 48, item 11)', () => {
  it('a name of invisible characters still leaves the account’s e-mail on every page, and the download is recorded', async () => {
    const studio = await buildStudioAccount(t);
    const performer = await buildPerformer(t);
    await givePlan(t, performer._id, 'Gold');
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    doc.addPage([612, 792]);
    const sides = await upload(studio.token, Buffer.from(await doc.save()));
    const id = await acceptedRequest(studio, performer, sides.json().fileId);
    await t.ctx.db.update(users).set({ fname: '\uFEFF\u200B\u200D\u202E' }).where(eq(users.id, performer._id));

    const res = await call('GET', `/api/audition/tape-requests/${id}/sides`, performer.token);
    expect(res.statusCode).toBe(200);
    const pages = readPdf(res.rawPayload);
    expect(pages).toHaveLength(2);
    for (const page of pages) expect(page.text.toLowerCase()).toContain(performer.email.toLowerCase());
    const recorded = await t.ctx.db.select().from(sidesDownloads).where(eq(sidesDownloads.tapeRequestId, id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ performerId: performer._id, studioFileId: sides.json().fileId });
    expect(recorded[0]!.stamp).toContain(performer.email);
    // The day in words, as the job page writes it, not "2026-11-28" (issue 49 item 21).
    const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(recorded[0]!.downloadedAt);
    expect(recorded[0]!.stamp.endsWith(` · ${day}`)).toBe(true);
    expect(recorded[0]!.stamp).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    for (const page of pages) expect(page.text).toContain(day);
  });
});
