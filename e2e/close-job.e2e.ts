/**
 * Closing and reopening a job on /dashboard (docs/applications.md, "What a decision or a close
 * ends"; issue 49, items 3 and 15), at 390 and 1280 px: the close question names who is told,
 * whose audition time it cancels and whose audition stays, and the toast after it says the
 * same; the cancelled performer leaves the schedule while the booked one stays; reopening asks
 * first, naming the booked auditions, and its toast says the same.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { CLOSE_TEXT } from '../src/contract/decision-ends-texts.js';
import { DECISION_MSG } from '../src/contract/decisions-messages.js';
import { MARKET_MSG } from '../src/contract/marketplace-messages.js';
import { personName } from '../src/contract/names.js';
import { SLOT_TEXT } from '../src/contract/slots-texts.js';
import { apiAs, postJob } from './application-data.js';
import { buyPlan, createStudio, createUser, DESKTOP, expectAccessible, expectNoOverflow, it, PHONE, screenshotDir, SLOW_TEST, type TestUser, toastTexts } from './harness.js';

const HOUR = 3_600_000;

async function applicant(jobId: string, studio: TestUser, status: string): Promise<TestUser & { appId: string }> {
  const p = await createUser();
  await buyPlan(p, 'gold');
  const { _id } = await apiAs<{ _id: string }>('POST', `/api/jobs/${jobId}/apply`, p.token, { note: '' });
  if (status !== 'applied') await apiAs('POST', `/api/studio/applications/${_id}/status`, studio.token, { status });
  return { ...p, appId: _id };
}

const paragraphs = (page: Page, name: string) => page.getByRole('dialog', { name }).locator('p').allTextContents();

describe('/dashboard: closing and reopening a job', () => {
  for (const [label, viewport] of [['390', PHONE], ['1280', DESKTOP]] as const)
  it(`at ${label} px the close names who is told and whose audition stays, the toast says the same; reopening asks and confirms`, async ({ open }) => {
    const studio = await createStudio();
    const title = `Closing names ${label} ${Date.now() % 100_000}`;
    const job = await postJob(studio, { title });
    const slots = (await apiAs<{ slots: { _id: string }[] }>('POST', `/api/studio/jobs/${job._id}/slots`, studio.token, { startsAt: new Date(Date.now() + 72 * HOUR).toISOString(), minutes: 15, count: 2, place: 'Studio 4, Andheri' })).slots;
    const zoe = await applicant(job._id, studio, 'auditioning');
    const ben = await applicant(job._id, studio, 'auditioning');
    const quiet = await applicant(job._id, studio, 'applied');
    await apiAs('PUT', `/api/audition/applications/${zoe.appId}/slot`, zoe.token, { slotId: slots[0]!._id });
    await apiAs('PUT', `/api/audition/applications/${ben.appId}/slot`, ben.token, { slotId: slots[1]!._id });
    await apiAs('POST', `/api/studio/applications/${ben.appId}/status`, studio.token, { status: 'booked' });
    const named = (p: TestUser) => `${personName(p.fname)} (${title})`;

    const { page } = await open({ viewport, as: studio, path: '/dashboard', timezoneId: 'Asia/Kolkata' });
    await page.getByRole('heading', { name: 'Open jobs' }).waitFor();
    await page.getByRole('button', { name: MARKET_MSG.closeJob }).click();
    const ask = page.getByRole('dialog', { name: DECISION_MSG.closeTitle(title) });
    // Who is told, by name, not "1 booked applicant stays booked" about the very one it closes.
    await ask.getByText(CLOSE_TEXT.closeTells([named(zoe), named(quiet)], 2)).waitFor();
    const said = await paragraphs(page, DECISION_MSG.closeTitle(title));
    expect(said).toHaveLength(3);
    expect(said[1]).toMatch(new RegExp(`^Audition time cancelled, with a calendar update: ${named(zoe).replace(/[()]/g, '\\$&')}, .+ India Standard Time\\.$`));
    expect(said[2]).toMatch(new RegExp(`^Stays booked, with their audition: ${named(ben).replace(/[()]/g, '\\$&')}, .+ India Standard Time\\.$`));
    await expectNoOverflow(page, viewport);
    await expectAccessible(page);
    await page.screenshot({ path: `${screenshotDir}/close-job-names-${label}.png`, fullPage: true });
    await ask.getByRole('button', { name: DECISION_MSG.closeConfirm, exact: true }).click();
    await page.getByRole('heading', { name: 'Closed jobs' }).waitFor();
    // The toast says what the question said (not what the job's answer says after the close).
    await expect.poll(() => toastTexts(page), { timeout: 10_000 }).toContain(`${CLOSE_TEXT.closedToast(title)} ${said.join(' ')}`);
    await page.screenshot({ path: `${screenshotDir}/close-job-toast-${label}.png`, fullPage: true });

    // Zoë's time is free on the schedule; Ben's audition stays.
    await page.goto(`/dashboard/jobs/${job._id}/schedule`);
    await page.getByRole('heading', { name: SLOT_TEXT.scheduleTitle, level: 1 }).waitFor();
    await page.getByText(personName(ben.fname)).first().waitFor();
    expect(await page.getByText(personName(zoe.fname)).count()).toBe(0);

    // Reopening asks first, naming the booked audition it leaves as it is.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: DECISION_MSG.reopenLabel(title) }).click();
    const reopen = page.getByRole('dialog', { name: CLOSE_TEXT.reopenTitle(title) });
    await reopen.waitFor();
    const asked = (await reopen.textContent()) ?? '';
    expect(asked).toContain(CLOSE_TEXT.reopenTells);
    expect(asked).toMatch(new RegExp(`Booked auditions, unchanged: ${named(ben).replace(/[()]/g, '\\$&')}, .+ India Standard Time\\.`));
    await expectNoOverflow(page, viewport);
    await page.screenshot({ path: `${screenshotDir}/reopen-job-ask-${label}.png`, fullPage: true });
    // Cancel keeps it closed; then confirm.
    await reopen.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('heading', { name: 'Closed jobs' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: DECISION_MSG.reopenLabel(title) }).click();
    await page.getByRole('dialog', { name: CLOSE_TEXT.reopenTitle(title) }).getByRole('button', { name: CLOSE_TEXT.reopenConfirm }).click();
    await page.getByRole('heading', { name: 'Open jobs' }).waitFor();
    await expect
      .poll(async () => (await toastTexts(page)).some((t) => t.startsWith(CLOSE_TEXT.reopenedToast(title)) && t.includes(CLOSE_TEXT.reopenTells) && t.includes(named(ben))), { timeout: 10_000 })
      .toBe(true);
    await page.screenshot({ path: `${screenshotDir}/reopen-job-toast-${label}.png`, fullPage: true });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(title);
  }, SLOW_TEST);
});
