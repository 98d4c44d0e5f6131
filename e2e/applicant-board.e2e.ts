/**
 * The applicants of a job on /dashboard/jobs/{id}: a board by status, used from the
 * keyboard; the performer's card with their note and photos; shortlist, book, the
 * studio's private rating and note; the performer is told at each step.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MSG } from '../src/contract/applications-messages.js';
import type { MyApplicationsAnswer } from '../src/contract/applications.js';
import { addPhoto, apiAs, postJob } from './application-data.js';
import { buyPlan, createStudio, createUser, expectAccessible, expectNoOverflow, launchBrowser, logInAsStudio, openPage, PHONE, readMail, shoot, SLOW_TEST } from './harness.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('/dashboard/jobs/{id}: the applicant board', () => {
  it('opens an applicant from the keyboard, shortlists and books them, and keeps a private rating', async () => {
    const studio = await createStudio('Board Studio');
    const job = await postJob(studio, { title: 'Lead in a short film' });
    const performer = await createUser();
    await buyPlan(performer, 'gold');
    const photos = [await addPhoto(performer, '#22c55e'), await addPhoto(performer, '#3b82f6')];
    await apiAs('POST', `/api/jobs/${job._id}/apply`, performer.token, { note: 'Trained at a drama school.', media: photos });

    const { page, context } = await openPage(browser);
    await logInAsStudio(page, studio);
    await page.goto(`/dashboard/jobs/${job._id}`);
    await page.getByRole('heading', { name: /Applicants/ }).waitFor();
    const column = (label: string) => page.getByRole('region', { name: new RegExp(`^${label} \\(`) });
    await column('Applied').getByText(performer.fname).waitFor();
    await shoot(page, 'applicant-board');
    await expectAccessible(page);

    // From the keyboard: focus Open, press Enter.
    await column('Applied').getByRole('button', { name: `${APP_MSG.open}: ${performer.fname}` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: performer.fname });
    await dialog.getByText('Trained at a drama school.').waitFor();
    await expect.poll(() => dialog.getByRole('img', { name: /sent by/ }).count()).toBe(2);
    await shoot(page, 'applicant-card');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: APP_MSG.shortlist }).click();
    await dialog.locator('.status-badge', { hasText: 'Shortlisted' }).waitFor();
    await dialog.getByLabel(APP_MSG.ratingLabel).selectOption('4');
    await dialog.getByLabel(APP_MSG.studioNoteLabel).fill('Strong screen presence');
    await dialog.getByRole('button', { name: APP_MSG.saveReview }).click();
    await dialog.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await dialog.getByRole('button', { name: APP_MSG.book }).click();
    await dialog.locator('.status-badge', { hasText: 'Booked' }).waitFor();
    // A booked application cannot move again: no move buttons left.
    expect(await dialog.getByRole('button', { name: APP_MSG.decline }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await column('Booked').getByText(performer.fname).waitFor();
    await column('Booked').getByText('★ 4').waitFor();

    const mine = await apiAs<MyApplicationsAnswer>('GET', '/api/audition/applications', performer.token);
    expect(mine.applications[0]!.history.map((h) => h.status)).toEqual(['applied', 'viewed', 'shortlisted', 'booked']);
    expect(JSON.stringify(mine)).not.toContain('Strong screen presence');
    await expect.poll(async () => (await readMail(performer.email)).subject).toBe(APP_MSG.mailSubject('booked', job.title));

    await page.setViewportSize(PHONE);
    await expectNoOverflow(page);
    await context.close();
  }, SLOW_TEST);

  it('shows a performer\'s name capitalised word by word on the board, the card, the portfolio and the thread, at 390 px (issue 36 item 1)', async () => {
    const studio = await createStudio('Names Studio');
    const job = await postJob(studio, { title: 'Names read as names' });
    // Sign-up lower-cases the name (docs/product.md §2); other people read it as a name.
    const performer = await createUser({ fname: "meera d'souza-rao" });
    await buyPlan(performer, 'gold');
    await apiAs('POST', `/api/jobs/${job._id}/apply`, performer.token, { note: 'Hello.' });
    const shown = "Meera D'Souza-Rao";

    const { page, context } = await openPage(browser, PHONE);
    await logInAsStudio(page, studio);
    await page.goto(`/dashboard/jobs/${job._id}`);
    const applied = page.getByRole('region', { name: /^Applied \(/ });
    await expect.poll(() => applied.locator('strong').first().textContent()).toBe(shown);
    await applied.getByRole('button', { name: `${APP_MSG.open}: ${shown}`, exact: true }).click();
    await expect.poll(() => page.getByRole('dialog').locator('#applicant-name').textContent()).toBe(shown);
    await page.keyboard.press('Escape');

    await page.goto(`/talent/${performer._id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(shown);

    const convo = await apiAs<{ _id: string }>('POST', '/api/conversations', studio.token, { with: performer._id });
    await page.goto(`/messages/${convo._id}`);
    await expect.poll(() => page.locator('#thread-title').textContent()).toBe(shown);
    await shoot(page, 'firstuse-names-thread');
    await context.close();
  }, SLOW_TEST);

  it('says what happens when nobody has applied yet', async () => {
    const studio = await createStudio('Quiet Studio');
    const job = await postJob(studio, { title: 'Nobody yet' });
    const { page, context } = await openPage(browser, PHONE);
    await logInAsStudio(page, studio);
    await page.goto(`/dashboard/jobs/${job._id}`);
    await page.getByText(APP_MSG.noApplicants).waitFor();
    await expectNoOverflow(page);
    await context.close();
  }, SLOW_TEST);
});
