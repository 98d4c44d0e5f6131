/**
 * /dashboard/jobs/{id}/applicants, the applicant board's own screen (docs/applications.md,
 * "The applicant board"): opened from the dashboard's applicant count, used from the
 * keyboard; the performer's card keeps focus after a move and gives it back to its opener;
 * filters and sorting; the empty state; a deep link through login; a performer is refused;
 * the card plays a ready tape's converted MP4 with its poster, and says "Processing…" while
 * one converts (docs/media.md, "Players").
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { APP_MSG } from '../src/contract/applications-messages.js';
import { SCREEN_MSG } from '../src/contract/screen-messages.js';
import { personName } from '../src/contract/names.js';
import { BOARD_MSG } from '../src/contract/board-messages.js';
import { DECISION_MSG } from '../src/contract/decisions.js';
import type { MyApplicationsAnswer, StudioApplicationsAnswer } from '../src/contract/applications.js';
import { addPhoto, apiAs, postJob } from './application-data.js';
import { AVAILABILITY_MSG } from '../src/contract/availability-texts.js';
import { PLAYBACK_MSG } from '../src/contract/media-playback.js';
import { E2E_UNDO_SECONDS } from './short-waits.js';
import { playableTape, requestTapes, sendTape, slowToFailTape, tapedApplicant, tapeReady } from './tape-data.js';
import { mkdir } from 'node:fs/promises';
import { buyPlan, controlsCoveredBy, createStudio, createUser, DESKTOP, expectAccessible, expectNoOverflow, focusedName, it, PHONE, shoot, SLOW_TEST, toastTexts, screenshotDir } from './harness.js';

/** What has the keyboard's focus: its accessible name, or BODY when nothing does. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
  });

/** Whether what has the keyboard's focus is inside the viewport, below the sticky nav. */
const focusInView = (page: Page) =>
  page.evaluate(() => {
    const box = document.activeElement?.getBoundingClientRect();
    const navBottom = document.querySelector('.nav')?.getBoundingClientRect().bottom ?? 0;
    // A pixel's slack: scrolled in to the nearest edge, a box may end a fraction past it.
    return Boolean(box && box.height > 0 && box.top >= navBottom - 1 && box.bottom <= window.innerHeight + 1);
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

  it('the card plays a ready tape (the converted MP4 and its poster) and says Processing… for one still converting, at 390 and 1280 px', async ({ open }) => {
    const studio = await createStudio('Tape Board Studio');
    const job = await postJob(studio, { title: 'Lead in a taped feature' });
    const ready = await tapedApplicant(job, 'Tape sent on Monday.');
    const converting = await tapedApplicant(job, 'Tape sent just now.');
    await requestTapes(studio, [ready, converting]);
    await sendTape(ready.performer, playableTape());
    await tapeReady(ready.performer);

    const { page } = await open({ viewport: PHONE, as: studio, path: `/dashboard/jobs/${job._id}/applicants` });
    const openCard = async (who: { fname: string }) => {
      await page.getByRole('button', { name: `${APP_MSG.open}: ${personName(who.fname)}` }).click();
      return page.getByRole('dialog', { name: personName(who.fname), exact: true });
    };
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`/dashboard/jobs/${job._id}/applicants`);
      const card = await openCard(ready.performer);
      const player = card.locator('video.applicant-tape');
      await player.waitFor();
      // The converted MP4 through the tape's signed address, with its poster, which loads.
      expect(await player.getAttribute('src')).toContain('file=playback');
      const poster = (await player.getAttribute('poster'))!;
      expect(poster).toContain('file=poster');
      const posterAnswer = await page.request.get(poster);
      expect([posterAnswer.status(), posterAnswer.headers()['content-type']]).toEqual([200, 'image/jpeg']);
      const played = await player.evaluate(async (v: HTMLVideoElement) => {
        v.muted = true;
        await v.play();
        v.pause();
        return v.videoWidth;
      });
      expect(played).toBeGreaterThan(0);
      await expectNoOverflow(page);
      await page.screenshot({ path: `${screenshotDir}/board-tape-card-${viewport.width}.png`, fullPage: true });
      await page.keyboard.press('Escape');
    }
    await expectAccessible(page);

    // A tape sent now: the card says Processing… (no player) until the conversion ends, and
    // asks again by itself; this file holds no picture, so it ends with the reason.
    await page.setViewportSize(PHONE);
    await sendTape(converting.performer, slowToFailTape());
    await page.reload();
    const card = await openCard(converting.performer);
    await card.getByRole('status').filter({ hasText: PLAYBACK_MSG.processing }).waitFor();
    expect(await card.locator('video').count()).toBe(0);
    await expectNoOverflow(page);
    await page.screenshot({ path: `${screenshotDir}/board-tape-processing-390.png`, fullPage: true });
    await card.getByText(PLAYBACK_MSG.failed(PLAYBACK_MSG.conversionFailed)).waitFor({ timeout: 120_000 });
    expect(await card.getByText(PLAYBACK_MSG.processing).count()).toBe(0);
  }, SLOW_TEST);

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

    // The performer reads the reason, once the seconds to undo (E2E_UNDO_SECONDS) have passed.
    const reason = DECISION_MSG.reasonText('went_another_way');
    await expect
      .poll(async () => JSON.stringify(await apiAs<MyApplicationsAnswer>('GET', '/api/audition/applications', first.token)), { timeout: (E2E_UNDO_SECONDS + 60) * 1000, interval: 1000 })
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
  it.for<[string, { width: number; height: number }]>([
    ['390', PHONE],
    ['1280', DESKTOP],
  ])('loads 50 at a time: more on scrolling, "Load more" from the keyboard focuses the first new card, the counts are the job’s, a filter starts again, at %s px (issue 51 item 3)', { timeout: SLOW_TEST }, async ([width, viewport], { open }) => {
    const studio = await createStudio('Paging Studio');
    const job = await postJob(studio, { title: `A crowded call ${width}` });
    await applicant(job, 'The real one.');
    // 120 applicants answered in pages by the page's own cursor: the real answer's applicant, cloned.
    const statuses = ['applied', 'viewed', 'shortlisted'] as const;
    const asked: URL[] = [];
    const { page } = await open({ viewport, as: studio });
    await page.route(`**/api/studio/jobs/${job._id}/applications?*`, async (route) => {
      const url = new URL(route.request().url());
      asked.push(url);
      // The real call for the one real applicant (the fake cursors below are not the server's).
      // A request still in flight when the test ends meets a closed page: nothing to answer then.
      const real = (await route
        .fetch({ url: `${url.origin}${url.pathname}?limit=1` })
        .then((answer) => answer.json())
        .catch((err: unknown) => {
          if (page.isClosed()) return null;
          throw err;
        })) as StudioApplicationsAnswer | null;
      if (!real) return;
      const model = real.applications[0]!;
      const crowd = Array.from({ length: 120 }, (_, i) => ({
        ...model,
        _id: `${model._id.slice(0, 24)}${String(i).padStart(12, '0')}`,
        status: statuses[i % 3]!,
        performer: { ...model.performer, fname: `Paged ${i}`, profilePic: '' },
        createdAt: new Date(Date.parse('2026-11-01T12:00:00Z') - i * 60_000).toISOString(),
      }));
      const wanted = crowd.filter((a) => !url.searchParams.get('status') || a.status === url.searchParams.get('status'));
      const from = Number(url.searchParams.get('cursor') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 500);
      const slice = wanted.slice(from, from + limit);
      const body: StudioApplicationsAnswer = {
        applications: slice,
        nextCursor: from + limit < wanted.length ? String(from + limit) : null,
        counts: { ...real.counts, applied: 40, viewed: 40, shortlisted: 40 },
        roleCounts: { [model.role._id]: 120 },
      };
      await route.fulfill({ json: body });
    });
    await page.goto(`/dashboard/jobs/${job._id}/applicants`);
    const openers = page.getByRole('button', { name: new RegExp(`^${APP_MSG.open}: Paged `) });
    await openers.first().waitFor();
    // The first request asks for one page of 50, newest first, without a cursor.
    expect(asked[0]!.searchParams.get('limit')).toBe('50');
    expect(asked[0]!.searchParams.get('cursor')).toBeNull();
    expect(asked[0]!.searchParams.get('order')).toBe('newest');
    // The counts are the job's, the cards what is loaded.
    await page.getByRole('status').filter({ hasText: BOARD_MSG.loaded(50, 120) }).waitFor();
    await page.getByRole('heading', { name: `Applied ${BOARD_MSG.columnCount(17, 40)}` }).waitFor();
    await page.getByText(BOARD_MSG.bulkOnLoaded(50, 120)).waitFor();
    expect(await openers.count()).toBe(50);
    await expectNoOverflow(page);
    await shoot(page, `board-paged-first-${width}`);

    // Scrolling to the end of the board loads the next page.
    await page.locator('.applicant-more').scrollIntoViewIfNeeded();
    await page.getByRole('status').filter({ hasText: BOARD_MSG.loaded(100, 120) }).waitFor();
    expect(asked.some((u) => u.searchParams.get('cursor') === '50')).toBe(true);

    // "Load more" from the keyboard: the next page, and focus on its first card, which the
    // virtual column draws though it is far from the button and scrolls into view.
    const loadMore = page.getByRole('button', { name: BOARD_MSG.loadMore });
    await loadMore.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: BOARD_MSG.loaded(120, 120) }).waitFor();
    await expect.poll(() => focused(page)).toBe(`${APP_MSG.open}: ${personName('Paged 100')}`);
    await expect.poll(() => focusInView(page)).toBe(true);
    expect(await loadMore.count()).toBe(0);
    // 40 a column now: each column is a virtual list, fewer cards in the DOM than loaded.
    const drawn = await page.locator('.applicant-tile').count();
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(120);
    // Each drawn card says where it stands in its column ("34 of 40"), and the page stays accessible.
    expect(await page.locator('[data-card] button[aria-label$="Paged 100"]').locator('xpath=..').getAttribute('aria-posinset')).toBe('34');
    await expectAccessible(page);
    await shoot(page, `board-paged-all-${width}`);

    // The keyboard walks a column to its last card, far below the first screen: each card is
    // drawn before Tab reaches it and scrolled in (Paged 0, 3, … 117 are the Applied column).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: `${APP_MSG.open}: ${personName('Paged 0')}`, exact: true }).focus();
    const last = `${APP_MSG.open}: ${personName('Paged 117')}`;
    const walked: string[] = [];
    for (let i = 0; i < 100 && walked.at(-1) !== last; i++) {
      await page.keyboard.press('Tab');
      walked.push(await focused(page));
    }
    // Every card of the column in order, each its checkbox then its Open button.
    const column = Array.from({ length: 39 }, (_, k) => personName(`Paged ${3 * (k + 1)}`));
    expect(walked).toEqual(column.flatMap((name) => [BOARD_MSG.select(name), `${APP_MSG.open}: ${name}`]));
    await expect.poll(() => focusInView(page)).toBe(true);
    expect(await page.locator('.applicant-tile').count()).toBeLessThan(120);
    // And back up with Shift+Tab to the column's first card, which comes out from under the sticky nav.
    const back: string[] = [];
    for (let i = 0; i < 100 && back.at(-1) !== `${APP_MSG.open}: ${personName('Paged 0')}`; i++) {
      await page.keyboard.press('Shift+Tab');
      back.push(await focused(page));
    }
    expect(back.at(-1)).toBe(`${APP_MSG.open}: ${personName('Paged 0')}`);
    expect(back).toHaveLength(78);
    await expect.poll(() => focusInView(page)).toBe(true);

    // A filter starts again from the first page. The board keeps the last list on screen while
    // the filtered one loads, and the 40 viewed among the 120 loaded already read "40 applicants":
    // the status line alone can be there before the filtered call is sent, so wait for its answer.
    const viewedCall = page.waitForResponse((r) => r.url().includes(`/api/studio/jobs/${job._id}/applications?`) && new URL(r.url()).searchParams.get('status') === 'viewed');
    await page.getByLabel(BOARD_MSG.status).selectOption('viewed');
    const filtered = new URL((await viewedCall).url());
    expect(filtered.searchParams.get('cursor')).toBeNull();
    expect(filtered.searchParams.get('limit')).toBe('50');
    await page.getByRole('status').filter({ hasText: BOARD_MSG.loaded(40, 40) }).waitFor();
    await expectNoOverflow(page);
    // The board may still be fetching (a prefetch, a refetch on focus): its answers are no longer wanted.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`the keyboard's filters and bulk moves keep focus, "Select all" says what it selects, the undo bar and toasts cover nothing, at ${viewport.width} px (issue 49 items 9, 19)`, async ({ open }) => {
      const studio = await createStudio();
      const job = await postJob(studio, { title: `Two roles ${viewport.width}`, roles: [{ name: 'Lead' }, { name: 'Friend' }] });
      const people = [];
      for (const role of [job.roles[0]!, job.roles[0]!, job.roles[1]!]) {
        const performer = await createUser();
        await buyPlan(performer, 'gold');
        await apiAs('POST', `/api/jobs/${job._id}/apply`, performer.token, { note: 'Hello', roleId: role._id });
        people.push(performer);
      }
      const { page } = await open({ viewport, as: studio, path: `/dashboard/jobs/${job._id}/applicants` });
      await page.getByText(BOARD_MSG.shown(3, 3)).waitFor();
      // The role filter, changed with the arrow keys: the list loads again, focus stays on the filter.
      await page.locator('#applicant-role').focus();
      await page.keyboard.press('ArrowDown');
      await page.getByText(BOARD_MSG.shown(2, 2)).waitFor();
      await expect.poll(() => focusedName(page)).toMatch(/^select#applicant-role/);
      await page.keyboard.press('ArrowUp');
      await page.getByText(BOARD_MSG.shown(3, 3)).waitFor();
      await expect.poll(() => focusedName(page)).toMatch(/^select#applicant-role/);
      // The status filter likewise.
      await page.locator('#applicant-status').focus();
      await page.keyboard.press('ArrowDown');
      await page.getByText(BOARD_MSG.shown(3, 3)).waitFor();
      await expect.poll(() => focusedName(page)).toMatch(/^select#applicant-status/);
      await page.keyboard.press('ArrowUp');
      // "Select all" is named with what it selects, and mixed while only some are.
      const all = page.getByRole('checkbox', { name: BOARD_MSG.selectAllCount(3), exact: true });
      await page.getByRole('checkbox', { name: BOARD_MSG.select(personName(people[0]!.fname)) }).check();
      expect(await all.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
      await all.focus();
      await page.keyboard.press('Space');
      await page.getByText(BOARD_MSG.selected(3)).waitFor();
      await expectAccessible(page);
      // A keyboard bulk move: focus lands on the column they moved to, never the body.
      await page.getByRole('group', { name: BOARD_MSG.bulkMoves }).getByRole('button', { name: APP_MSG.action('shortlisted') }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('region', { name: /^Shortlisted \(3\)/ }).waitFor();
      await expect.poll(() => focusedName(page)).toMatch(/^h3#column-shortlisted/);
      await expect.poll(() => toastTexts(page)).not.toEqual([]);
      expect(await controlsCoveredBy(page, '.toast')).toEqual([]);
      await shoot(page, `board-bulk-toast-${viewport.width}`);
      // A bulk decline: the undo bar stands in the page's flow, over no card or button.
      await all.check();
      await page.getByRole('group', { name: BOARD_MSG.bulkMoves }).getByRole('button', { name: APP_MSG.action('declined') }).click();
      const decline = page.getByRole('dialog', { name: BOARD_MSG.declineTitle(BOARD_MSG.applicantsCount(3)) });
      await decline.getByLabel(DECISION_MSG.reasonField).selectOption('went_another_way');
      await decline.getByRole('button', { name: APP_MSG.action('declined') }).click();
      await expect.poll(() => focusedName(page)).toContain(DECISION_MSG.undo);
      // The bar names the server's window (/api/config), not the spec's constant.
      expect(await page.locator('.undo-bar').innerText()).toContain(DECISION_MSG.undoHint(E2E_UNDO_SECONDS, 3));
      expect(await controlsCoveredBy(page, '.undo-bar, .toast')).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await controlsCoveredBy(page, '.undo-bar, .toast')).toEqual([]);
      await expectNoOverflow(page);
      await shoot(page, `board-undo-bar-${viewport.width}`);
    }, SLOW_TEST);
  }
});
