/**
 * Young performers and their guardians (docs/guardians.md): a 15-year-old gives a date of birth
 * and a guardian on /editProfile, sees on /profile what waits on consent and is refused applying;
 * the guardian opens the mailed link in a fresh browser and consents; the performer applies; the
 * guardian withdraws (asked once) and the profile says so. The guardian's page at 390 and 1280,
 * an ended and an unknown link.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { APP_MSG } from '../src/contract/applications-messages.js';
import { GUARDIAN_MSG } from '../src/contract/guardians-messages.js';
import { MSG } from '../src/contract/messages.js';
import { personName } from '../src/contract/names.js';
import { addPhoto, apiAs, postJob } from './application-data.js';
import { buyPlan, createStudio, createUser, DESKTOP, drawn, expectAccessible, expectFieldProblem, expectNoOverflow, it, PHONE, readMail, SLOW_TEST, screenshotDir } from './harness.js';

const SHOTS = screenshotDir;
/** Full-page screenshots at 390 and 1280 into e2e/screenshots/guardian-<name>-<width>.png. */
async function shootBoth(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    // From the top: a page scrolled to a focused result would draw its sticky bar mid-picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await drawn(page);
    await expectNoOverflow(page);
    await page.screenshot({ path: `${SHOTS}/guardian-${name}-${size.width}.png`, fullPage: true });
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The date of birth of someone `years` old today (UTC), a few months into that year. */
function bornYearsAgo(years: number) {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCMonth(d.getUTCMonth() - 3);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate() > 28 ? 28 : d.getUTCDate())}`;
}

/** The consent link in the newest mail to the guardian. */
async function mailedLink(email: string, not?: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { text } = await readMail(email);
    const path = /\/guardian\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
    if (path && path !== not) return path;
    if (Date.now() > deadline) throw new Error(`no new guardian link mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));

describe('young performers and their guardians', () => {
  it('a 15-year-old gives a guardian, waits, is refused applying; the guardian consents from the mail; the performer applies; withdrawal is said', { timeout: SLOW_TEST }, async ({ open }) => {
    const studio = await createStudio('Kids Casting');
    const job = await postJob(studio, { title: 'School play lead' });
    const performer = await createUser();
    await buyPlan(performer, 'gold');
    await addPhoto(performer, '#22c55e');
    const guardianEmail = `guardian-${Date.now()}@example.com`;

    const { page } = await open({ as: performer, viewport: PHONE });
    await page.goto('/editProfile');
    await page.getByRole('heading', { name: GUARDIAN_MSG.dobHeading }).waitFor();
    await expect.poll(() => page.title()).toBe('Edit profile · Audition');
    // A phone's date picker: a real date input.
    expect(await page.getByRole('textbox', { name: GUARDIAN_MSG.dobLabel }).getAttribute('type')).toBe('date');
    expect(await page.getByLabel(GUARDIAN_MSG.guardianNameLabel).count()).toBe(0);
    await page.getByRole('textbox', { name: GUARDIAN_MSG.dobLabel }).fill(bornYearsAgo(15));
    // Under 18: the guardian's fields appear and are required.
    await page.getByLabel(GUARDIAN_MSG.guardianNameLabel).waitFor();
    await page.getByRole('button', { name: GUARDIAN_MSG.saveAge }).click();
    await expectFieldProblem(page, 'guardian-name', GUARDIAN_MSG.guardianNameRequired);
    await expectFieldProblem(page, 'guardian-email', GUARDIAN_MSG.guardianRequired);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('guardian-name');
    // The server's refusal lands at the field it names: the performer's own e-mail.
    await page.getByLabel(GUARDIAN_MSG.guardianNameLabel).fill('Asha Rao');
    await page.getByLabel(GUARDIAN_MSG.guardianEmailLabel).fill(performer.email);
    await page.getByRole('button', { name: GUARDIAN_MSG.saveAge }).click();
    await expect.poll(() => page.locator('#guardian-email').getAttribute('aria-invalid')).toBe('true');
    await expectFieldProblem(page, 'guardian-email', GUARDIAN_MSG.guardianEmailOwn);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('guardian-email');
    await page.getByLabel(GUARDIAN_MSG.guardianEmailLabel).fill(guardianEmail);
    await shootBoth(page, 'edit-profile');
    await expectAccessible(page);
    await page.getByRole('button', { name: GUARDIAN_MSG.saveAge }).click();
    await expect.poll(() => page.getByTestId('age-result').textContent()).toBe(`${GUARDIAN_MSG.ageSaved} ${GUARDIAN_MSG.waiting('Asha Rao')}`);
    await expect.poll(() => focusedTestId(page)).toBe('age-result');
    // The free-text age follows the date.
    const me = await apiAs<{ age: string; visibility: string }>('GET', '/api/audition/getUserData', performer.token);
    expect(me).toMatchObject({ age: '15', visibility: 'private' });
    const firstLink = await mailedLink(guardianEmail);

    // The profile says what is waiting, and sends the link again.
    await page.goto('/profile');
    const notice = page.getByTestId('guardian-notice');
    await expect.poll(() => notice.textContent()).toContain(GUARDIAN_MSG.waiting('Asha Rao'));
    await page.getByRole('button', { name: GUARDIAN_MSG.sendAgain }).click();
    await expect.poll(() => page.getByTestId('guardian-link-result').textContent()).toBe(GUARDIAN_MSG.linkSent);
    await expect.poll(() => focusedTestId(page)).toBe('guardian-link-result');
    const secondLink = await mailedLink(guardianEmail, firstLink);
    await shootBoth(page, 'profile-waiting');
    await expectAccessible(page);
    // The hourly limit (5 an hour, raised a hundredfold in this suite, so its answer is played
    // here as the server gives it): its message is shown at the button's result, with the focus.
    await page.route('**/api/audition/age/guardian-link', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', headers: { 'retry-after': '1800' }, body: JSON.stringify({ msg: MSG.tooManyRequests, code: 'too_many_requests', retryAfter: 1800 }) }),
    );
    await page.getByRole('button', { name: GUARDIAN_MSG.sendAgain }).click();
    await expect.poll(() => page.getByTestId('guardian-link-result').textContent()).toBe(`${MSG.tooManyRequests} ${MSG.retryIn(1800)}`);
    expect(await page.getByTestId('guardian-link-result').getAttribute('role')).toBe('alert');
    await expect.poll(() => focusedTestId(page)).toBe('guardian-link-result');
    await page.unroute('**/api/audition/age/guardian-link');
    const link = secondLink;

    // Refused applying until consent.
    await page.goto(`/jobs/${job._id}`);
    await page.getByRole('heading', { name: APP_MSG.applyTitle }).waitFor();
    await page.getByRole('button', { name: APP_MSG.sendApplication }).click();
    await expect.poll(() => page.locator('.apply-error').textContent()).toContain(GUARDIAN_MSG.consentNeeded);

    // The guardian, in a browser of their own with no account: an ended link says so, the newest works.
    const guardian = await open({ viewport: PHONE });
    await guardian.page.goto(firstLink);
    await expect.poll(() => guardian.page.getByTestId('guardian-link-problem').textContent()).toBe(GUARDIAN_MSG.linkDead);
    await guardian.page.goto(link);
    await guardian.page.getByText(GUARDIAN_MSG.pageIntro(performer.fname)).waitFor();
    await expect.poll(() => guardian.page.title()).toBe(`${GUARDIAN_MSG.pageTitle} · Audition`);
    for (const text of [GUARDIAN_MSG.pageWhatStudiosSee, GUARDIAN_MSG.pageKept, GUARDIAN_MSG.pageWithdraw]) expect(await guardian.page.getByText(text).isVisible()).toBe(true);
    await shootBoth(guardian.page, 'page');
    await expectAccessible(guardian.page);
    await guardian.page.getByRole('button', { name: GUARDIAN_MSG.consentButton }).click();
    await expect.poll(() => guardian.page.getByTestId('guardian-result').textContent()).toBe(GUARDIAN_MSG.consentDone);
    await expect.poll(() => focusedTestId(guardian.page)).toBe('guardian-result');
    await guardian.page.getByRole('button', { name: GUARDIAN_MSG.withdrawButton }).waitFor();
    await shootBoth(guardian.page, 'page-consented');

    // Now the performer applies.
    await page.reload();
    await page.getByRole('heading', { name: APP_MSG.applyTitle }).waitFor();
    await page.getByRole('button', { name: APP_MSG.sendApplication }).click();
    await page.getByText(APP_MSG.applied).waitFor();
    const { applications } = await apiAs<{ applications: { performer: { minor?: boolean } }[] }>('GET', `/api/studio/jobs/${job._id}/applications`, studio.token);
    expect(applications).toEqual([expect.objectContaining({ performer: expect.objectContaining({ minor: true }) })]);
    // The studio's applicant card says so, and nothing of the guardian.
    const board = await open({ as: studio, path: `/dashboard/jobs/${job._id}/applicants` });
    await board.page.getByRole('button', { name: `${APP_MSG.open}: ${personName(performer.fname)}` }).click();
    const card = board.page.getByRole('dialog', { name: personName(performer.fname), exact: true });
    await card.getByText(GUARDIAN_MSG.minorLabel).waitFor();
    expect(await card.textContent()).not.toContain(guardianEmail);

    // The guardian withdraws, asked once; the performer's profile says so.
    await guardian.page.getByRole('button', { name: GUARDIAN_MSG.withdrawButton }).click();
    const ask = guardian.page.getByRole('dialog', { name: GUARDIAN_MSG.withdrawConfirmTitle });
    await ask.waitFor();
    await ask.getByRole('button', { name: GUARDIAN_MSG.withdrawButton }).click();
    await expect.poll(() => guardian.page.getByTestId('guardian-result').textContent()).toBe(GUARDIAN_MSG.withdrawnDone);
    await expect.poll(() => focusedTestId(guardian.page)).toBe('guardian-result');
    await page.goto('/profile');
    await expect.poll(() => page.getByTestId('guardian-notice').textContent()).toContain('Asha Rao withdrew consent on');
    await shootBoth(page, 'profile-withdrawn');
  });

  it('an unknown link says it was not found, at 390 and 1280 without overflow', async ({ open }) => {
    const { page } = await open({ viewport: PHONE, path: `/guardian/${'x'.repeat(43)}` });
    await expect.poll(() => page.getByTestId('guardian-link-problem').textContent()).toBe(GUARDIAN_MSG.linkNotFound);
    await expectNoOverflow(page, PHONE);
    await expectNoOverflow(page, DESKTOP);
    await expectAccessible(page);
  });
});
