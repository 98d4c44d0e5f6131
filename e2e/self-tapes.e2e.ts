/**
 * Self-tapes end to end (docs/self-tapes.md, issue 31 "Done when"): a studio asks two
 * applicants for tapes with 4-page sides from the board; one performer accepts, reads the
 * sides stamped with their name, sends a tape; the studio plays it in the applicant card and
 * the performer sees "Watched"; a review link opens in a fresh browser with no account and
 * plays the tape; revoked, it says the link has ended. Also: the too-soon deadline at its
 * field with the earliest time offered, a retake once, a performer refused, 390 px.
 */
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { APP_MSG } from '../src/contract/applications-messages.js';
import { BOARD_MSG } from '../src/contract/board-messages.js';
import { personName } from '../src/contract/names.js';
import { SCREEN_MSG } from '../src/contract/screen-messages.js';
import { TAPE_MSG, type TapeRequestsAnswer } from '../src/contract/self-tapes.js';
import { fixture } from '../test/media-files.js';
import { readPdf } from '../test/pdf-text.js';
import { apiAs, postJob } from './application-data.js';
import { baseUrl, buyPlan, createStudio, createUser, DESKTOP, expectAccessible, expectFieldProblem, expectNoOverflow, focusedName, it, PHONE, shoot, SLOW_TEST, type TestUser } from './harness.js';

async function makePdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([595, 842]).drawText(`Scene ${i + 1}`, { x: 60, y: 760, size: 18 });
  return Buffer.from(await doc.save());
}

async function applicant(job: { _id: string }, note: string) {
  const performer = await createUser();
  await buyPlan(performer, 'gold');
  await apiAs('POST', `/api/jobs/${job._id}/apply`, performer.token, { note });
  return performer;
}

const myRequests = (who: TestUser) => apiAs<TapeRequestsAnswer>('GET', '/api/audition/tape-requests', who.token);

/** A datetime-local value (the page's zone is the machine's, as Node's) `hours` from now. */
function localIn(hours: number): string {
  const d = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Plays a video element muted (a play without a gesture must be) and answers once it is playing. */
const play = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
    return v.readyState;
  });

/** The class of what has focus, or BODY. */
const focusedClass = (page: Page) => page.evaluate(() => (document.activeElement === document.body ? 'BODY' : (document.activeElement?.className ?? '')));

describe('self-tapes: request, tape, watch, review link', () => {
  it('a studio asks two applicants with 4-page sides; a tape is sent, watched, shared and the link revoked', async ({ open }) => {
    const studio = await createStudio('Tape Studio');
    const job = await postJob(studio, { title: 'Lead in a tape-first feature' });
    const ana = await applicant(job, 'Ready to tape this week.');
    const ben = await applicant(job, 'Happy to tape.');

    const { page } = await open({ as: studio, path: `/dashboard/jobs/${job._id}/applicants` });
    // The job's self-tapes screen is one link away from the board.
    await page.getByRole('link', { name: TAPE_MSG.selfTapesLink, exact: true }).waitFor();
    for (const who of [ana, ben]) await page.getByRole('checkbox', { name: BOARD_MSG.select(personName(who.fname)) }).check();
    await page.getByRole('link', { name: TAPE_MSG.requestTapes }).click();
    await page.waitForURL(`**/dashboard/jobs/${job._id}/self-tapes/new?ids=*`);
    await page.getByRole('heading', { level: 1, name: TAPE_MSG.requestTitle(job.title) }).waitFor();
    expect(await page.title()).toContain(TAPE_MSG.requestTitle(job.title));
    for (const who of [ana, ben]) expect(await page.getByRole('checkbox', { name: personName(who.fname) }).isChecked()).toBe(true);

    // Sides that are not a PDF are refused at the field; the 4-page PDF shows its pages.
    await page.getByLabel(TAPE_MSG.sides).setInputFiles({ name: 'sides.pdf', mimeType: 'application/pdf', buffer: fixture('clip.webm') });
    await expect.poll(() => page.locator('#tape-sides').getAttribute('aria-invalid')).toBe('true');
    await expectFieldProblem(page, 'tape-sides', TAPE_MSG.sidesNotPdf);
    await page.getByLabel(TAPE_MSG.sides).setInputFiles({ name: 'scene 12.pdf', mimeType: 'application/pdf', buffer: await makePdf(4) });
    await page.getByText(TAPE_MSG.sidesReady(4)).waitFor();
    expect(await page.locator('#tape-sides').getAttribute('aria-invalid')).toBe('false');
    await page.getByLabel(TAPE_MSG.instructions).fill('Scene 12, framed from the chest up. Slate your name first.');

    // A deadline an hour away: refused at the field before anything is asked (the page checks
    // the server's rule first), naming the earliest time, which one press uses.
    await page.getByLabel(TAPE_MSG.deadline).fill(localIn(1));
    await page.getByRole('button', { name: TAPE_MSG.sendRequests(2) }).click();
    await expect.poll(() => page.locator('#tape-deadline').getAttribute('aria-invalid')).toBe('true');
    await expectFieldProblem(page, 'tape-deadline', 'the earliest allowed is');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tape-deadline');
    const ask = page.getByRole('dialog', { name: TAPE_MSG.confirmSendTitle(2) });
    expect(await ask.count()).toBe(0);
    await shoot(page, 'tapes-request-too-soon');
    await expectNoOverflow(page, PHONE);
    await page.setViewportSize(DESKTOP);
    expect(await myRequests(ana)).toEqual({ tapeRequests: [] });
    // The earliest named is itself allowed; a minute may pass between, so a second offer is taken too.
    for (let round = 0; round < 2 && !page.url().endsWith('/self-tapes'); round++) {
      await page.getByRole('button', { name: /^Use / }).click();
      expect(await page.locator('#tape-deadline').inputValue()).not.toBe('');
      await page.getByRole('button', { name: TAPE_MSG.sendRequests(2) }).click();
      await ask.waitFor();
      if (round === 0) await shoot(page, 'tapes-request-confirm');
      await ask.getByRole('button', { name: TAPE_MSG.confirmSendLabel, exact: true }).click();
      await page.waitForURL(`**/dashboard/jobs/${job._id}/self-tapes`, { timeout: 5000 }).catch(() => {});
    }
    await page.waitForURL(`**/dashboard/jobs/${job._id}/self-tapes`);
    // The result, with focus on it.
    await page.getByText(TAPE_MSG.sent(2)).waitFor();
    await expect.poll(() => focusedClass(page)).toBe('tapes-sent');
    await page.getByRole('heading', { level: 1, name: TAPE_MSG.selfTapesTitle(job.title) }).waitFor();
    await expect.poll(() => page.getByTestId('tape-request').count()).toBe(2);
    await expectAccessible(page);
    await shoot(page, 'tapes-requests');

    // Ana accepts on /applications, reads her sides (stamped with her name), sends a tape.
    const [anaRequest] = (await myRequests(ana)).tapeRequests;
    expect(anaRequest).toMatchObject({ status: 'requested', sidesPages: 4 });
    const performer = await open({ viewport: PHONE, as: ana, path: '/applications' });
    await performer.page.getByRole('button', { name: TAPE_MSG.accept }).click();
    await performer.page.getByRole('button', { name: TAPE_MSG.readSides(4) }).waitFor();
    const sides = await fetch(`${baseUrl()}/api/audition/tape-requests/${anaRequest!._id}/sides`, { headers: { 'x-auth-token': ana.token } });
    expect(sides.status).toBe(200);
    const pdf = readPdf(Buffer.from(await sides.arrayBuffer()));
    expect(pdf).toHaveLength(4);
    for (const p of pdf) expect(p.text.toLowerCase()).toContain(ana.fname.toLowerCase());
    await performer.page.getByLabel(TAPE_MSG.chooseTape).setInputFiles({ name: 'my tape.webm', mimeType: 'video/webm', buffer: fixture('clip.webm') });
    await performer.page.getByRole('button', { name: TAPE_MSG.sendTape }).click();
    await performer.page.getByText(TAPE_MSG.tapeSent).waitFor();
    await performer.page.getByText(TAPE_MSG.notWatched).waitFor();

    // The studio opens Ana's card on the board and plays the tape: Ana sees "Watched".
    await page.goto(`/dashboard/jobs/${job._id}/applicants`);
    await page.getByRole('button', { name: `${APP_MSG.open}: ${personName(ana.fname)}` }).click();
    const card = page.getByRole('dialog', { name: personName(ana.fname), exact: true });
    await card.locator('video.applicant-tape').waitFor();
    expect(await play(page, 'dialog[open] video.applicant-tape')).toBeGreaterThanOrEqual(2);
    await expect.poll(async () => (await myRequests(ana)).tapeRequests[0]?.tape?.watchedAt ?? null, { timeout: 15_000 }).not.toBeNull();
    await page.keyboard.press('Escape');
    await performer.page.reload();
    await performer.page.getByText(TAPE_MSG.watched, { exact: true }).waitFor();
    await shoot(performer.page, 'tapes-performer-watched');

    // Ben declines: asked once, in the app's dialog; focus lands on the request's new status.
    const benReason = 'I am on set that whole week.';
    const benView = await open({ viewport: PHONE, as: ben, path: '/applications' });
    await benView.page.getByRole('button', { name: TAPE_MSG.decline }).click();
    const asked = benView.page.getByRole('dialog', { name: TAPE_MSG.declineTitle });
    await asked.getByText(TAPE_MSG.confirmDecline).waitFor();
    // The promise "The studio is told" carries his reason (issue 49, item 6).
    await asked.getByLabel(TAPE_MSG.declineReason).fill(benReason);
    await shoot(benView.page, 'tapes-performer-decline');
    await asked.getByRole('button', { name: TAPE_MSG.decline }).click();
    await benView.page.locator('.tape-request__status', { hasText: TAPE_MSG.statusLabel.declined }).waitFor();
    await expect.poll(() => benView.page.evaluate(() => document.activeElement?.className)).toBe('tape-request__status');
    await expectNoOverflow(benView.page, PHONE);
    // Ben is done: his page is closed before the studio carries on, so the rest of this long
    // test runs with only the pages it still uses (the fixture's teardown skips a closed context).
    await benView.context.close();

    // The self-tapes screen: Ana's tape, watched; Ben's no; a review link for her.
    // A deep link, as a bookmark or a shared address: the server knows the page (200, not the 404 page).
    expect((await page.goto(`/dashboard/jobs/${job._id}/self-tapes`))?.status()).toBe(200);
    const anaRow = page.getByTestId('tape-request').filter({ hasText: personName(ana.fname) });
    await anaRow.getByText(TAPE_MSG.watched, { exact: true }).waitFor();
    await page.getByTestId('tape-request').filter({ hasText: personName(ben.fname) }).getByText(TAPE_MSG.statusLabel.declined, { exact: true }).waitFor();
    await page.getByTestId('tape-request').filter({ hasText: personName(ben.fname) }).getByText(TAPE_MSG.declinedBecause(benReason)).waitFor();
    // …and in its bell, live.
    await page.getByRole('button', { name: new RegExp(`^${APP_MSG.notifications}: `) }).click();
    await page.getByRole('region', { name: APP_MSG.notifications }).getByText(`Reason: ${benReason}`).waitFor();
    await shoot(page, 'tapes-studio-bell-decline-reason');
    await page.keyboard.press('Escape');
    await page.getByText(TAPE_MSG.noLiveLinks).waitFor();
    await page.getByRole('button', { name: TAPE_MSG.createLink }).click();
    await page.getByText(TAPE_MSG.reviewApplicationsRange).waitFor();
    await page.getByRole('group', { name: TAPE_MSG.reviewWho }).getByRole('checkbox', { name: personName(ana.fname) }).check();
    await page.getByLabel(TAPE_MSG.reviewDays).selectOption('3');
    await page.getByRole('button', { name: TAPE_MSG.createLink }).click();
    await page.getByText(TAPE_MSG.linkCreated).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('review-link-made');
    const url = await page.getByLabel(TAPE_MSG.linkLabel, { exact: true }).inputValue();
    expect(url).toMatch(/\/review\/[\w-]{40,}$/);
    await page.getByTestId('review-link').filter({ hasText: '1 applicant' }).waitFor();
    await expectAccessible(page);
    await shoot(page, 'tapes-review-link-made');

    // Someone with no account opens it in a fresh browser and plays Ana's tape.
    const guest = await open({ viewport: PHONE });
    await guest.page.goto(url);
    await guest.page.getByRole('heading', { level: 1, name: job.title }).waitFor();
    await guest.page.getByRole('heading', { name: personName(ana.fname), exact: true }).waitFor();
    expect(await play(guest.page, 'video.review-room__tape')).toBeGreaterThanOrEqual(2);
    expect(await guest.page.getByText(ben.fname).count()).toBe(0);
    await shoot(guest.page, 'tapes-review-room');

    // Revoke asks once; then the page says the link has ended.
    await page.getByRole('button', { name: new RegExp(`^${TAPE_MSG.revoke}: `) }).click();
    const revoke = page.getByRole('dialog', { name: TAPE_MSG.revokeTitle });
    await revoke.waitFor();
    await shoot(page, 'tapes-revoke-confirm');
    await revoke.getByRole('button', { name: TAPE_MSG.revoke, exact: true }).click();
    await page.getByText(TAPE_MSG.noLiveLinks).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('live-links-title');
    await guest.page.reload();
    await guest.page.getByRole('heading', { name: TAPE_MSG.reviewLinkEnded }).waitFor();
    await shoot(guest.page, 'tapes-review-ended');
    // The guest is done once the link has ended: closed before the retake steps, as above.
    await guest.context.close();

    // One retake: a note and a new deadline; after it the button says so.
    await anaRow.getByRole('button', { name: TAPE_MSG.askRetake }).click();
    await page.getByLabel(TAPE_MSG.retakeNote).fill('A little slower, please, and closer.');
    await page.getByLabel(TAPE_MSG.retakeDeadline).fill(localIn(2));
    await page.getByRole('button', { name: TAPE_MSG.sendRetake }).click();
    await expect.poll(() => page.locator(`#retake-deadline-${anaRequest!._id}`).getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: /^Use / }).waitFor();
    // Checked by the page before anything is sent, as the request form is: focus at the field, nothing asked of Ana yet.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(`retake-deadline-${anaRequest!._id}`);
    expect((await myRequests(ana)).tapeRequests[0]).toMatchObject({ status: 'submitted', retakeUsed: false });
    await shoot(page, 'tapes-retake-too-soon');
    await page.getByLabel(TAPE_MSG.retakeDeadline).fill(localIn(50));
    await page.getByRole('button', { name: TAPE_MSG.sendRetake }).click();
    await anaRow.getByRole('button', { name: TAPE_MSG.retakeUsedButton }).waitFor();
    expect(await anaRow.getByRole('button', { name: TAPE_MSG.retakeUsedButton }).isDisabled()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(TAPE_MSG.retakeAsked('A little slower, please, and closer.'));
    expect((await myRequests(ana)).tapeRequests[0]).toMatchObject({ status: 'retake', retakeUsed: true });
    await expectNoOverflow(page, PHONE);
    await shoot(page, 'tapes-retake-used');
  }, SLOW_TEST * 2);

  it('says what to do when no tape was asked for, from the dashboard, at 390 px', async ({ open }) => {
    const studio = await createStudio('Quiet Tapes');
    const job = await postJob(studio, { title: 'No tapes yet' });
    const { page } = await open({ viewport: PHONE, as: studio, path: '/dashboard' });
    await page.getByRole('link', { name: `${TAPE_MSG.selfTapesLink}: ${job.title}` }).click();
    await page.waitForURL(`**/dashboard/jobs/${job._id}/self-tapes`);
    await page.getByText(TAPE_MSG.emptyRequests).waitFor();
    await page.getByText(TAPE_MSG.emptyRequestsNext).waitFor();
    await page.getByText(TAPE_MSG.reviewNobody).waitFor();
    expect(await page.title()).toContain(TAPE_MSG.selfTapesTitle(job.title));
    await expectNoOverflow(page);
    await expectAccessible(page);
    await shoot(page, 'tapes-empty');
    // The request form without anyone chosen says where to choose them.
    await page.goto(`/dashboard/jobs/${job._id}/self-tapes/new`);
    await page.getByText(TAPE_MSG.noneSelected).waitFor();
    await shoot(page, 'tapes-request-none');
  }, SLOW_TEST);

  it('refuses a performer on the studio\'s self-tapes screens', async ({ open }) => {
    const studio = await createStudio('Private Tapes');
    const job = await postJob(studio, { title: 'Not for performers to see' });
    const performer = await createUser();
    const { page } = await open({ viewport: PHONE, as: performer });
    for (const path of [`/dashboard/jobs/${job._id}/self-tapes`, `/dashboard/jobs/${job._id}/self-tapes/new`]) {
      await page.goto(path);
      await page.getByRole('heading', { name: SCREEN_MSG.wrongPlace.performerOnStudioPage.title }).waitFor();
      expect(await page.getByText(job.title).count()).toBe(0);
    }
    const res = await fetch(`${baseUrl()}/api/studio/jobs/${job._id}/tape-requests`, { headers: { 'x-auth-token': performer.token } });
    expect(res.status).toBe(403);
    await shoot(page, 'tapes-performer-refused');
  }, SLOW_TEST);

  for (const viewport of [PHONE, DESKTOP]) {
    it(`a refused tape is said at the file field, which keeps the focus, never the body, at ${viewport.width} px (issue 49 item 9)`, async ({ open }) => {
      const studio = await createStudio();
      const job = await postJob(studio, { title: `Refused tape ${viewport.width}` });
      const performer = await createUser();
      await buyPlan(performer, 'gold');
      const application = await apiAs<{ _id: string }>('POST', `/api/jobs/${job._id}/apply`, performer.token, { note: 'Ready.' });
      await apiAs('POST', '/api/studio/tape-requests', studio.token, { applicationIds: [application._id], deadline: new Date(Date.now() + 8 * 86_400_000).toISOString() });
      const [request] = (await myRequests(performer)).tapeRequests;
      await apiAs('POST', `/api/audition/tape-requests/${request!._id}/accept`, performer.token, {});
      const { page } = await open({ viewport, as: performer, path: '/applications' });
      // Not a video at all, whatever its name says: the server refuses it.
      await page.getByLabel(TAPE_MSG.chooseTape).setInputFiles({ name: 'my tape.webm', mimeType: 'video/webm', buffer: Buffer.from('this is not a video, only words') });
      await page.getByRole('button', { name: TAPE_MSG.sendTape }).focus();
      await page.keyboard.press('Enter');
      await page.locator('.tape-file .field-error').waitFor();
      await expect.poll(() => focusedName(page)).toMatch(/^input/);
      await shoot(page, `tape-refused-focus-${viewport.width}`);
    }, SLOW_TEST);
  }
});
