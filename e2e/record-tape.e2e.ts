/**
 * "Record here" and resumable tapes (docs/media.md, issue 44 "Done when"): in
 * Chromium with a fake camera a performer records on the page (3-2-1, stop, watch back,
 * record again) with the stamped sides beside the preview, and sends; the studio's card
 * plays the converted tape with its poster. A camera refused says so and offers the file;
 * an upload cut off mid-way (every PATCH after the first aborted) continues after a reload
 * from where it stopped. Screens at 390 and 1280 px.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { APP_MSG } from '../src/contract/applications-messages.js';
import { RECORD_MSG, RESUMABLE_UPLOADS, UPLOAD_MSG_WEB } from '../src/contract/media-playback.js';
import { personName } from '../src/contract/names.js';
import { TAPE_MSG, type TapeRequestsAnswer } from '../src/contract/self-tapes.js';
import { apiAs, postJob } from './application-data.js';
import { baseUrl, buyPlan, cameraTest, createStudio, createUser, DESKTOP, expectAccessible, expectNoOverflow, focusedName, it, PHONE, shoot, SLOW_TEST, type StudioUser, type TestUser } from './harness.js';

async function makePdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`Scene ${i + 1}`, { x: 60, y: 760, size: 18 });
  return Buffer.from(await doc.save());
}

/** A studio's job, one applicant, and an accepted tape request with 2-page sides. */
async function acceptedRequest(): Promise<{ studio: StudioUser; job: { _id: string; title: string }; performer: TestUser; requestId: string }> {
  const studio = await createStudio('Record Studio');
  const job = await postJob(studio, { title: 'Lead in a recorded feature' });
  const performer = await createUser();
  await buyPlan(performer, 'gold');
  const application = await apiAs<{ _id: string }>('POST', `/api/jobs/${job._id}/apply`, performer.token, { note: 'Ready.' });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await makePdf(2))], { type: 'application/pdf' }), 'sides.pdf');
  const res = await fetch(`${baseUrl()}/api/studio/files`, { method: 'POST', headers: { 'x-auth-token': studio.token }, body: form });
  expect(res.status).toBe(201);
  const { fileId } = (await res.json()) as { fileId: string };
  const deadline = new Date(Date.now() + 8 * 24 * 3_600_000).toISOString();
  await apiAs('POST', '/api/studio/tape-requests', studio.token, { applicationIds: [application._id], instructions: 'Scene 1, chest up. Slate first.', sidesFileId: fileId, deadline });
  const { tapeRequests } = await apiAs<TapeRequestsAnswer>('GET', '/api/audition/tape-requests', performer.token);
  await apiAs('POST', `/api/audition/tape-requests/${tapeRequests[0]!._id}/accept`, performer.token, {});
  return { studio, job, performer, requestId: tapeRequests[0]!._id };
}

/** A real H.264 video a little over `chunks` tus chunks long, made with the npm ffmpeg (lossless, so it is large). */
function bigVideo(chunks: number): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'tape-'));
  try {
    const out = path.join(dir, 'big.mp4');
    for (let seconds = 2; ; seconds += 2) {
      execFileSync(ffmpeg.path, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', out]);
      const file = readFileSync(out);
      if (file.length > chunks * RESUMABLE_UPLOADS.chunkBytes + 1024 || seconds >= 20) return file;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const isFocused = (page: Page, text: string) => expect.poll(() => focusedName(page)).toContain(text);

describe('record a tape on the page', () => {
  cameraTest(
    'a performer records with a fake camera, watches back, records again and sends; the studio’s card plays it with a picture',
    async ({ open }) => {
      const { studio, job, performer } = await acceptedRequest();
      const { page } = await open({ as: performer, path: '/applications' });
      await page.getByRole('link', { name: RECORD_MSG.recordHere }).click();
      await page.getByRole('heading', { level: 1, name: RECORD_MSG.title(job.title) }).waitFor();
      expect(await page.title()).toContain(RECORD_MSG.title(job.title));
      // The stamped sides load beside the preview on a wide screen.
      await page.locator('iframe.record-sides__pages').waitFor();
      const start = page.getByRole('button', { name: RECORD_MSG.start });
      await expect.poll(() => start.isEnabled(), { timeout: 15_000 }).toBe(true);
      const [camera, sides] = await Promise.all([page.locator('.record-camera').boundingBox(), page.locator('.record-sides').boundingBox()]);
      expect(sides!.x).toBeGreaterThan(camera!.x + camera!.width - 1);
      await expectAccessible(page);
      await shoot(page, 'record-ready');
      // On a phone the sides come under the preview, and nothing is wider than the screen.
      await expectNoOverflow(page, PHONE);
      const [cameraPhone, sidesPhone] = await Promise.all([page.locator('.record-camera').boundingBox(), page.locator('.record-sides').boundingBox()]);
      expect(sidesPhone!.y).toBeGreaterThan(cameraPhone!.y + cameraPhone!.height - 1);
      await page.setViewportSize(DESKTOP);

      // 3-2-1, then recording; Stop takes the focus, then the take does.
      await start.click();
      await page.getByText(RECORD_MSG.countdown(3)).waitFor();
      await page.getByText(RECORD_MSG.countdown(1)).waitFor();
      await page.getByRole('button', { name: RECORD_MSG.stop }).waitFor({ timeout: 10_000 });
      await isFocused(page, RECORD_MSG.stop);
      await page.waitForTimeout(1500);
      await shoot(page, 'record-recording');
      await page.getByRole('button', { name: RECORD_MSG.stop }).click();
      await page.getByRole('heading', { name: RECORD_MSG.watchBack }).waitFor();
      await isFocused(page, RECORD_MSG.watchBack);
      // Record again: back to the camera, focus on Start.
      await page.getByRole('button', { name: RECORD_MSG.again }).click();
      await isFocused(page, RECORD_MSG.start);
      await start.click();
      await page.getByRole('button', { name: RECORD_MSG.stop }).waitFor({ timeout: 10_000 });
      await page.waitForTimeout(2500);
      await page.getByRole('button', { name: RECORD_MSG.stop }).click();
      const take = page.locator('video.record-camera__video[src^="blob:"]');
      await take.waitFor();
      await shoot(page, 'record-watch-back');
      // The take can be watched back: it has a picture.
      expect(await take.evaluate(async (v: HTMLVideoElement) => {
        v.muted = true;
        await v.play();
        return v.videoWidth;
      })).toBeGreaterThan(0);

      // Sent resumably (PATCH to /api/uploads), then the result has focus.
      const patches: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PATCH' && r.url().includes(RESUMABLE_UPLOADS.path)) patches.push(r.url());
      });
      await page.getByRole('button', { name: RECORD_MSG.send }).click();
      await page.getByText(RECORD_MSG.sent).waitFor({ timeout: 60_000 });
      await isFocused(page, RECORD_MSG.sent);
      expect(patches.length).toBeGreaterThan(0);
      await shoot(page, 'record-sent');

      // The studio's card plays the converted tape (the MP4 of the background conversion, with its
      // poster, docs/media.md) with a picture once it is ready; "Processing…" until then.
      const desk = await open({ as: studio, path: `/dashboard/jobs/${job._id}/applicants` });
      await desk.page.getByRole('button', { name: `${APP_MSG.open}: ${personName(performer.fname)}` }).click();
      const player = desk.page.locator('dialog[open] video.applicant-tape');
      await player.waitFor({ timeout: 90_000 });
      const played = await player.evaluate(async (v: HTMLVideoElement) => {
        v.muted = true;
        await v.play();
        return { width: v.videoWidth, src: v.currentSrc, poster: v.poster };
      });
      expect(played.width).toBeGreaterThan(0);
      expect(played.src).toContain('file=playback');
      expect(played.poster).toContain('file=poster');
      await shoot(desk.page, 'record-studio-card');
    },
    SLOW_TEST,
  );

  it('a camera refused says so and offers the file upload', async ({ open }) => {
    const { job, performer, requestId } = await acceptedRequest();
    const { page } = await open({ as: performer });
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.goto(`/applications/tapes/${requestId}/record`);
    await page.getByRole('heading', { level: 1, name: RECORD_MSG.title(job.title) }).waitFor();
    await page.getByRole('alert').filter({ hasText: RECORD_MSG.cameraRefused }).waitFor();
    await page.getByLabel(TAPE_MSG.chooseTape).waitFor();
    await expectAccessible(page);
    await expectNoOverflow(page, PHONE);
    await shoot(page, 'record-camera-refused');
    // Sending without a file: the problem at the field, with focus on it.
    await page.getByRole('button', { name: TAPE_MSG.sendTape }).click();
    await expect.poll(() => page.getByLabel(TAPE_MSG.chooseTape).getAttribute('aria-invalid')).toBe('true');
  }, SLOW_TEST);

  it(
    'an upload cut off mid-way continues after a reload from where it stopped',
    async ({ open }) => {
      const { performer } = await acceptedRequest();
      const video = bigVideo(2);
      const { page } = await open({ viewport: PHONE, as: performer, path: '/applications' });
      // The network drops after the first chunk: every later PATCH is cut.
      let patches = 0;
      await page.route(`**${RESUMABLE_UPLOADS.path}/**`, async (route) => {
        if (route.request().method() === 'PATCH' && ++patches > 1) return route.abort('internetdisconnected');
        return route.continue();
      });
      const file = { name: 'long take.mp4', mimeType: 'video/mp4', buffer: video };
      await page.getByLabel(TAPE_MSG.chooseTape).setInputFiles(file);
      await page.getByRole('button', { name: TAPE_MSG.sendTape }).click();
      await page.getByText(UPLOAD_MSG_WEB.retrying).waitFor({ timeout: 30_000 });
      const stopped = page.getByRole('alert').filter({ hasText: 'The upload stopped at' });
      await stopped.waitFor({ timeout: 60_000 });
      await expectNoOverflow(page);
      await shoot(page, 'record-upload-stopped');

      // A reload offers to continue; the same file continues from the server's offset, not from zero.
      await page.unroute(`**${RESUMABLE_UPLOADS.path}/**`);
      await page.reload();
      const percent = Math.floor((RESUMABLE_UPLOADS.chunkBytes / video.length) * 100);
      await page.getByText(UPLOAD_MSG_WEB.unfinished(file.name, percent)).waitFor();
      await shoot(page, 'record-upload-offer');
      const offsets: number[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PATCH') offsets.push(Number(r.headers()['upload-offset']));
      });
      await page.getByLabel(TAPE_MSG.chooseTape).setInputFiles(file);
      await page.getByRole('button', { name: TAPE_MSG.sendTape }).click();
      await page.getByText(TAPE_MSG.tapeSent).waitFor({ timeout: 60_000 });
      expect(offsets[0]).toBe(RESUMABLE_UPLOADS.chunkBytes);
      await expect.poll(() => page.getByText(UPLOAD_MSG_WEB.unfinished(file.name, percent)).count()).toBe(0);
      const { tapeRequests } = await apiAs<TapeRequestsAnswer>('GET', '/api/audition/tape-requests', performer.token);
      expect(tapeRequests[0]).toMatchObject({ status: 'submitted' });
    },
    SLOW_TEST,
  );
});
