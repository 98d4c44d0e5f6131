/**
 * /dashboard/jobs/{id}/applicants, the applicant board's own screen (docs/applications.md,
 * "The applicant board"): opened from the dashboard's applicant count, used from the
 * keyboard; the performer's card keeps focus after a move and gives it back to its opener;
 * filters and sorting; the empty state; a deep link through login; a performer is refused.
 */
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MSG } from '../src/contract/applications-messages.js';
import { BOARD_MSG } from '../src/contract/board-messages.js';
import type { MyApplicationsAnswer } from '../src/contract/applications.js';
import { addPhoto, apiAs, postJob } from './application-data.js';
import { buyPlan, createStudio, createUser, DESKTOP, expectAccessible, expectNoOverflow, launchBrowser, logInAs, logInAsStudio, openPage, PHONE, SLOW_TEST, toastTexts } from './harness.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir('/tmp/shots', { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** Screenshots at 390 and 1280 px wide into /tmp/shots/board-<name>-<width>.png (not committed). */
async function shots(page: Page, name: string) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `/tmp/shots/board-${name}-${size.width}.png`, fullPage: true });
  }
}

/** What has the keyboard's focus: its accessible name, or BODY when nothing does. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
  });

async function applicant(job: { _id: string }, note: string) {
  const performer = await createUser();
  await buyPlan(performer, 'gold');
  const photo = await addPhoto(performer, '#22c55e');
  await apiAs('POST', `/api/jobs/${job._id}/apply`, performer.token, { note, media: [photo] });
  return performer;
}

describe('/dashboard/jobs/{id}/applicants: the applicant board', () => {
  it('opens from the dashboard, moves an applicant from the keyboard and keeps focus on a control', async () => {
    const studio = await createStudio('Board Studio');
    const job = await postJob(studio, { title: 'Lead in a short film' });
    const first = await applicant(job, 'Trained at a drama school.');
    const second = await applicant(job, 'Two seasons of repertory.');

    const { page, context } = await openPage(browser);
    await logInAsStudio(page, studio);
    await page.goto('/dashboard');
    // The applicant count is the link to the board, reached and followed from the keyboard.
    const count = page.locator('.own-job', { hasText: job.title }).getByRole('link', { name: BOARD_MSG.applicantsLinkLabel(2) });
    await count.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/dashboard/jobs/${job._id}/applicants`);
    await page.getByRole('heading', { level: 1, name: BOARD_MSG.title(job.title) }).waitFor();
    expect(await page.title()).toContain(BOARD_MSG.title(job.title));
    const column = (label: string) => page.getByRole('region', { name: new RegExp(`^${label} \\(`) });
    await column('Applied').getByText(first.fname).waitFor();
    await shots(page, 'board');
    await expectAccessible(page);

    // Open the first applicant's card from the keyboard.
    const opener = page.getByRole('button', { name: `${APP_MSG.open}: ${first.fname}` });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: first.fname });
    await dialog.getByText('Trained at a drama school.').waitFor();
    await expectAccessible(page);
    // Shortlist: the pressed button goes away, focus stays in the card on the next move.
    await dialog.getByRole('button', { name: APP_MSG.shortlist }).focus();
    await page.keyboard.press('Enter');
    await dialog.locator('.status-badge', { hasText: 'Shortlisted' }).waitFor();
    await expect.poll(() => focused(page)).toBe(APP_MSG.audition);
    // Escape: focus returns to this applicant's Open button, now in the Shortlisted column.
    await page.keyboard.press('Escape');
    await column('Shortlisted').getByText(first.fname).waitFor();
    await expect.poll(() => focused(page)).toBe(`${APP_MSG.open}: ${first.fname}`);

    // Filters: one status, then everyone again; sorting by rating puts the rated one first.
    await apiAs('PUT', `/api/studio/applications/${(await idOf(studio.token, job._id, second.fname))}/review`, studio.token, { rating: 5 });
    await page.getByLabel(BOARD_MSG.status).selectOption({ label: 'Shortlisted' });
    await expect.poll(() => page.locator('.applicant-tile').count()).toBe(1);
    await page.getByText(BOARD_MSG.shown(1, 2)).waitFor();
    await page.getByLabel(BOARD_MSG.status).selectOption({ label: 'Booked' });
    await page.getByText(BOARD_MSG.noMatch).waitFor();
    await page.getByRole('button', { name: BOARD_MSG.showEveryone }).click();
    await expect.poll(() => page.locator('.applicant-tile').count()).toBe(2);
    await page.getByLabel(BOARD_MSG.sort).selectOption('rating');
    await page.reload();
    await page.getByLabel(BOARD_MSG.sort).selectOption('rating');
    await page.getByLabel(BOARD_MSG.status).selectOption({ label: 'Viewed' });
    await expect.poll(() => page.locator('.applicant-tile').first().innerText()).toContain('★ 5');

    const mine = await apiAs<MyApplicationsAnswer>('GET', '/api/audition/applications', first.token);
    expect(mine.applications[0]!.history.map((h) => h.status)).toEqual(['applied', 'viewed', 'shortlisted']);
    await expectNoOverflow(page, PHONE);
    await context.close();
  }, SLOW_TEST);

  it('says what to do when nobody has applied yet, and a deep link loads through login', async () => {
    const studio = await createStudio('Quiet Studio');
    const job = await postJob(studio, { title: 'Nobody yet' });
    const { page, context } = await openPage(browser, PHONE);
    await page.goto(`/dashboard/jobs/${job._id}/applicants`);
    await page.waitForURL('**/login?next=*');
    await page.getByLabel('Email').fill(studio.email);
    await page.getByLabel('Password').fill(studio.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`**/dashboard/jobs/${job._id}/applicants`);
    await page.getByRole('heading', { name: BOARD_MSG.emptyTitle }).waitFor();
    await page.getByText(BOARD_MSG.emptyNext).waitFor();
    await expectNoOverflow(page);
    await shots(page, 'empty');
    await context.close();
  }, SLOW_TEST);

  it('refuses a performer clearly', async () => {
    const studio = await createStudio('Private Studio');
    const job = await postJob(studio, { title: 'Not for performers' });
    const performer = await createUser();
    const { page, context } = await openPage(browser, PHONE);
    await logInAs(page, performer);
    await page.goto(`/dashboard/jobs/${job._id}/applicants`);
    await page.getByRole('heading', { name: BOARD_MSG.studiosOnlyTitle }).waitFor();
    await page.getByText(BOARD_MSG.studiosOnly).waitFor();
    expect(await page.getByText(job.title).count()).toBe(0);
    await shots(page, 'performer-refused');
    await context.close();
  }, SLOW_TEST);

  it('the job form shows every problem at once, focuses the first, and says Job posted', async () => {
    const studio = await createStudio('Form Studio');
    const { page, context } = await openPage(browser, PHONE);
    await logInAsStudio(page, studio);
    await page.goto('/dashboard/jobs/new');
    await page.getByRole('button', { name: 'Post a job' }).last().click();
    await page.locator('#title-error').waitFor();
    await page.locator('#jobType-error').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('title');
    await page.locator('#title').fill('A form that works');
    await page.locator('#jobType').fill('Film');
    await page.getByLabel('Role 1 Pay', { exact: true }).selectOption('unpaid');
    await page.getByRole('button', { name: 'Post a job' }).last().click();
    await page.waitForURL('**/dashboard');
    await page.locator('.toast-success', { hasText: BOARD_MSG.jobPosted }).waitFor();
    expect(await toastTexts(page)).toContain(BOARD_MSG.jobPosted);
    await context.close();
  }, SLOW_TEST);
});

async function idOf(token: string, jobId: string, fname: string) {
  const { applications } = await apiAs<{ applications: { _id: string; performer: { fname: string } }[] }>('GET', `/api/studio/jobs/${jobId}/applications`, token);
  return applications.find((a) => a.performer.fname === fname)!._id;
}
