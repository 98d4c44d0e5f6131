/**
 * /dashboard/jobs/{id}/applicants, the applicant board's own screen (docs/applications.md,
 * "The applicant board"): opened from the dashboard's applicant count, used from the
 * keyboard; the performer's card keeps focus after a move and gives it back to its opener;
 * filters and sorting; the empty state; a deep link through login; a performer is refused.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { APP_MSG } from '../src/contract/applications-messages.js';
import { SCREEN_MSG } from '../src/contract/screen-messages.js';
import { personName } from '../src/contract/names.js';
import { BOARD_MSG } from '../src/contract/board-messages.js';
import { DECISION_MSG } from '../src/contract/decisions.js';
import type { MyApplicationsAnswer } from '../src/contract/applications.js';
import { addPhoto, apiAs, postJob } from './application-data.js';
import { AVAILABILITY_MSG } from '../src/contract/availability-texts.js';
import { mkdir } from 'node:fs/promises';
import { buyPlan, createStudio, createUser, expectAccessible, expectNoOverflow, it, PHONE, shoot, SLOW_TEST, toastTexts, screenshotDir } from './harness.js';

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
  it("the card says when the performer is unavailable during the shoot, never their note, at 390 and 1280 px (OFFICE.md §4)", async ({ open }) => {
    const studio = await createStudio('Shoot Studio');
    const job = await postJob(studio, { title: 'Shoot in March', shootDates: [{ from: '2027-03-04', to: '2027-03-06' }] });
    const performer = await applicant(job, 'Free most of March.');
    await apiAs('PUT', '/api/audition/availability', performer.token, {
      unavailable: [
        { from: '2027-03-03', to: '2027-03-05', note: 'SECRET dentist' },
        { from: '2027-03-20', to: '2027-03-21', note: 'Away' },
      ],
    });
    const { page } = await open({ viewport: PHONE, as: studio, path: `/dashboard/jobs/${job._id}/applicants` });
    await mkdir(screenshotDir, { recursive: true });
    for (const [width, viewport] of [['390', PHONE], ['1280', { width: 1280, height: 800 }]] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/dashboard/jobs/${job._id}/applicants`);
      await page.getByRole('button', { name: `${APP_MSG.open}: ${personName(performer.fname)}` }).click();
      const dialog = page.getByRole('dialog', { name: personName(performer.fname), exact: true });
      const conflicts = dialog.getByTestId('applicant-conflicts');
      await conflicts.waitFor();
      expect(await conflicts.innerText()).toBe(AVAILABILITY_MSG.conflict('3–5 Mar'));
      expect(await page.content()).not.toContain('SECRET');
      await expectNoOverflow(page);
      await page.screenshot({ path: `${screenshotDir}/availability-card-conflict-${width}.png` });
    }
  });

  it('opens from the dashboard, moves an applicant from the keyboard and keeps focus on a control', async ({ open }) => {
    const studio = await createStudio('Board Studio');
    const job = await postJob(studio, { title: 'Lead in a short film' });
    const first = await applicant(job, 'Trained at a drama school.');
    const second = await applicant(job, 'Two seasons of repertory.');
    const third = await applicant(job, 'Stage combat trained.');

    const { page } = await open({ as: studio, path: '/dashboard' });
    // The applicant count is the link to the board, reached and followed from the keyboard.
    const count = page.locator('.own-job', { hasText: job.title }).getByRole('link', { name: BOARD_MSG.applicantsLinkLabel(3) });
    await count.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/dashboard/jobs/${job._id}/applicants`);
    await page.getByRole('heading', { level: 1, name: BOARD_MSG.title(job.title) }).waitFor();
    expect(await page.title()).toContain(BOARD_MSG.title(job.title));
    const column = (label: string) => page.getByRole('region', { name: new RegExp(`^${label} \\(`) });
    await column('Applied').getByText(personName(first.fname)).waitFor();
    await shoot(page, 'board-board');
    await expectAccessible(page);

    // Open the first applicant's card from the keyboard.
    const opener = page.getByRole('button', { name: `${APP_MSG.open}: ${personName(first.fname)}` });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: personName(first.fname), exact: true });
    await dialog.getByText('Trained at a drama school.').waitFor();
    await expectAccessible(page);
    // Shortlist: the pressed button goes away, focus stays in the card on the next move.
    await dialog.getByRole('button', { name: APP_MSG.action('shortlisted') }).focus();
    await page.keyboard.press('Enter');
    await dialog.locator('.status-badge', { hasText: 'Shortlisted' }).waitFor();
    await expect.poll(() => focused(page)).toBe(APP_MSG.action('auditioning'));
    // Escape: focus returns to this applicant's Open button, now in the Shortlisted column.
    await page.keyboard.press('Escape');
    await column('Shortlisted').getByText(personName(first.fname)).waitFor();
    await expect.poll(() => focused(page)).toBe(`${APP_MSG.open}: ${personName(first.fname)}`);

    // Book asks once, then Undo takes it back; focus lands on Undo, then on the card's moves.
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: APP_MSG.action('booked') }).focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: BOARD_MSG.bookTitle(personName(first.fname)) });
    await ask.waitFor();
    // Book is a positive action: the primary style, not the danger red (issue 49 item 21).
    expect(await ask.getByRole('button', { name: APP_MSG.action('booked'), exact: true }).getAttribute('class')).toBe('btn');
    await ask.getByRole('button', { name: APP_MSG.action('booked'), exact: true }).focus();
    await page.keyboard.press('Enter');
    await dialog.locator('.status-badge', { hasText: 'Booked' }).waitFor();
    await expect.poll(() => focused(page)).toBe(DECISION_MSG.undo);
    await shoot(page, 'board-booked-undo');
    await page.keyboard.press('Enter');
    await dialog.locator('.status-badge', { hasText: 'Shortlisted' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(page)).toBe(`${APP_MSG.open}: ${personName(first.fname)}`);
    // The card shows the undo at once; the board's columns follow with the refreshed list, and
    // a tile that moves column is drawn anew, so the checkboxes are used once it has moved back.
    await expect.poll(() => column('Booked').getByText(personName(first.fname)).count()).toBe(0);
    await column('Shortlisted').getByText(personName(first.fname)).waitFor();

    // Decline three in one bulk move, with a reason and a note.
    for (const who of [first, second, third]) {
      await page.getByRole('checkbox', { name: BOARD_MSG.select(personName(who.fname)) }).focus();
      await page.keyboard.press('Space');
    }
    await page.getByText(BOARD_MSG.selected(3)).waitFor();
    await page.getByRole('group', { name: BOARD_MSG.bulkMoves }).getByRole('button', { name: APP_MSG.action('declined') }).focus();
    await page.keyboard.press('Enter');
    const decline = page.getByRole('dialog', { name: BOARD_MSG.declineTitle(BOARD_MSG.applicantsCount(3)) });
    await decline.waitFor();
    await decline.getByLabel(DECISION_MSG.reasonField).selectOption('went_another_way');
    await decline.getByLabel(DECISION_MSG.noteLabel).fill('Thank you for a strong tape.');
    await shoot(page, 'board-decline-reason');
    await decline.getByRole('button', { name: APP_MSG.action('declined') }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(BOARD_MSG.declined(BOARD_MSG.applicantsCount(3))).waitFor();
    await expect.poll(() => focused(page)).toBe(DECISION_MSG.undo);
    await column('Declined').getByText(personName(third.fname)).waitFor();
    await shoot(page, 'board-declined');

    // The performer reads the reason, once the 30 seconds to undo have passed.
    const reason = DECISION_MSG.reasonText('went_another_way');
    await expect
      .poll(async () => JSON.stringify(await apiAs<MyApplicationsAnswer>('GET', '/api/audition/applications', first.token)), { timeout: 90_000, interval: 2000 })
      .toContain(reason);
    const performerView = await open({ viewport: PHONE, as: first, path: '/applications' });
    await performerView.page.getByText(reason).first().waitFor();
    await shoot(performerView.page, 'board-performer-reason');
    // Done with the performer's view: closed before the studio's board is measured, so only
    // the board's page is open for its last check (the fixture's teardown skips a closed context).
    await performerView.context.close();
    await expectNoOverflow(page, PHONE);
  }, SLOW_TEST);

  it('shows a performer\'s name capitalised word by word on the board, the card, the portfolio and the thread, at 390 px (issue 36 item 1)', async ({ open }) => {
    const studio = await createStudio('Names Studio');
    const job = await postJob(studio, { title: 'Names read as names' });
    // Sign-up lower-cases the name (docs/product.md §2); other people read it as a name.
    const performer = await createUser({ fname: "meera d'souza-rao" });
    await buyPlan(performer, 'gold');
    await apiAs('POST', `/api/jobs/${job._id}/apply`, performer.token, { note: 'Hello.' });
    const shown = "Meera D'Souza-Rao";

    const { page } = await open({ viewport: PHONE, as: studio, path: `/dashboard/jobs/${job._id}/applicants` });
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
    await shoot(page, 'board-names-thread');
  }, SLOW_TEST);

  it('says what to do when nobody has applied yet, and a deep link loads through login', async ({ open }) => {
    const studio = await createStudio('Quiet Studio');
    const job = await postJob(studio, { title: 'Nobody yet' });
    const { page } = await open({ viewport: PHONE });
    await page.goto(`/dashboard/jobs/${job._id}/applicants`);
    await page.waitForURL('**/login?next=*');
    await page.getByLabel('Email').fill(studio.email);
    await page.getByLabel('Password').fill(studio.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`**/dashboard/jobs/${job._id}/applicants`);
    await page.getByRole('heading', { name: BOARD_MSG.emptyTitle }).waitFor();
    await page.getByText(BOARD_MSG.emptyNext).waitFor();
    await expectNoOverflow(page);
    await shoot(page, 'board-empty');
  }, SLOW_TEST);

  it('refuses a performer clearly', async ({ open }) => {
    const studio = await createStudio('Private Studio');
    const job = await postJob(studio, { title: 'Not for performers' });
    const performer = await createUser();
    const { page } = await open({ viewport: PHONE, as: performer, path: `/dashboard/jobs/${job._id}/applicants` });
    await page.getByRole('heading', { name: SCREEN_MSG.wrongPlace.performerOnStudioPage.title }).waitFor();
    await page.getByText(SCREEN_MSG.wrongPlace.performerOnStudioPage.why).waitFor();
    expect(await page.getByText(job.title).count()).toBe(0);
    await shoot(page, 'board-performer-refused');
  }, SLOW_TEST);

  it('the job form shows every problem at once, focuses the first, and says Job posted', async ({ open }) => {
    const studio = await createStudio('Form Studio');
    const { page } = await open({ viewport: PHONE, as: studio, path: '/dashboard/jobs/new' });
    await page.getByRole('button', { name: 'Post a job' }).last().click();
    await page.locator('#title-error').waitFor();
    await page.locator('#jobType-error').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('title');
    await page.locator('#title').fill('A form that works');
    await page.locator('#jobType').fill('Film');
    // An empty role name is refused, no longer the job's title (issue 49, item 16).
    await page.getByLabel('Role 1 Role name', { exact: true }).fill('Lead');
    await page.getByLabel('Role 1 Pay', { exact: true }).selectOption('unpaid');
    await page.getByRole('button', { name: 'Post a job' }).last().click();
    await page.waitForURL('**/dashboard');
    await page.locator('.toast-success', { hasText: BOARD_MSG.jobPosted }).waitFor();
    expect(await toastTexts(page)).toContain(BOARD_MSG.jobPosted);
  }, SLOW_TEST);
});
