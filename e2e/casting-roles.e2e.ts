/**
 * Casting calls with roles and honest pay (docs/marketplace.md, "Roles and pay";
 * docs/applications.md, "Applying per role"): a studio posts a call with three roles, two
 * paid and one unpaid, through the job form, which will not send a role without its pay; a
 * performer without a plan sees "Applying needs a plan" before writing, buys a plan from the
 * job page and comes back to the job with the draft; applies to two roles; the studio filters
 * its applicant board by role and sees applicants per role on the dashboard.
 */
import { beforeAll, describe, expect } from 'vitest';
import { APP_MSG } from '../src/contract/applications-messages.js';
import { CAST_MSG } from '../src/contract/casting-messages.js';
import { BOARD_MSG } from '../src/contract/board-messages.js';
import type { OwnJob } from '../src/contract/jobs.js';
import { MARKET_MSG } from '../src/contract/marketplace-messages.js';
import { MSG, planTexts } from '../src/contract/messages.js';
import { addPhoto, apiAs } from './application-data.js';
import { createStudio, createUser, expectAccessible, expectNoOverflow, it, PHONE, shoot, SLOW_TEST, type StudioUser } from './harness.js';

let studio: StudioUser;
beforeAll(async () => {
  studio = await createStudio('Roles Casting Co.');
});

describe('casting calls with roles', () => {
  it('posts three roles with pay, a performer buys a plan from the job and applies to two, the studio filters by role', async ({ open }) => {
    // The studio posts the call through the form.
    const { page: studioPage } = await open({ as: studio, path: '/dashboard/jobs/new' });
    await studioPage.getByRole('heading', { name: MARKET_MSG.postJob }).waitFor();
    const title = `Monsoon feature ${Date.now()}`;
    await studioPage.getByLabel('Title').fill(title);
    await studioPage.getByLabel('Job type').fill('Feature film');
    await studioPage.getByLabel('Role 1 Role name', { exact: true }).fill('Lead');
    await studioPage.getByLabel('Role 1 Pay', { exact: true }).selectOption('paid');
    await studioPage.getByLabel('Role 1 Amount (₹)', { exact: true }).fill('5000');
    await studioPage.getByLabel('Role 1 Per', { exact: true }).selectOption('day');
    // A description of two lines is taken as written (docs/marketplace.md, "Roles and pay").
    await studioPage.getByLabel('Role 1 Role description', { exact: true }).fill('Thirties, restless.\nRides a motorbike.');
    await studioPage.getByRole('button', { name: CAST_MSG.addRole }).click();
    await studioPage.getByLabel('Role 2 Role name', { exact: true }).fill('Best friend');
    await studioPage.getByRole('button', { name: CAST_MSG.addRole }).click();
    await studioPage.getByLabel('Role 3 Role name', { exact: true }).fill('Crowd');
    await studioPage.getByLabel('Role 3 Pay', { exact: true }).selectOption('unpaid');
    // Role 2 has no pay yet: the form is not sent, and says so at the role.
    await studioPage.getByRole('button', { name: MARKET_MSG.postJob }).click();
    await studioPage.getByText(CAST_MSG.choosePay, { exact: true }).and(studioPage.locator('.field-error')).waitFor();
    expect(new URL(studioPage.url()).pathname).toBe('/dashboard/jobs/new');
    await studioPage.getByLabel('Role 2 Pay', { exact: true }).selectOption('paid');
    await studioPage.getByLabel('Role 2 Amount (₹)', { exact: true }).fill('2500');
    await studioPage.getByLabel('Role 2 Per', { exact: true }).selectOption('project');
    await shoot(studioPage, 'casting-roles-form');
    await expectAccessible(studioPage);
    await expectNoOverflow(studioPage, PHONE);
    await studioPage.getByRole('button', { name: MARKET_MSG.postJob }).click();
    await expect.poll(() => new URL(studioPage.url()).pathname).toBe('/dashboard');
    const { jobs } = await apiAs<{ jobs: OwnJob[] }>('GET', '/api/studio/jobs', studio.token);
    const job = jobs.find((j) => j.title === title)!;
    expect(job.roles.map((r) => [r.name, CAST_MSG.pay(r.pay)])).toEqual([
      ['Lead', '₹5,000 / day'],
      ['Best friend', '₹2,500 / project'],
      ['Crowd', 'Unpaid'],
    ]);

    // A performer without a plan sees where they stand before writing anything.
    const performer = await createUser();
    await addPhoto(performer, '#0ea5e9');
    const { page } = await open({ viewport: PHONE, as: performer, path: `/jobs/${job._id}` });
    await page.getByText(CAST_MSG.needsPlan).waitFor();
    await page.getByText('₹5,000 / day').first().waitFor();
    await page.getByText('Unpaid').first().waitFor();
    // The role's description keeps its line break on the job page.
    const description = page.locator('.role-details-text', { hasText: 'Thirties, restless.' });
    expect(await description.innerText()).toBe('Thirties, restless.\nRides a motorbike.');
    await page.getByRole('checkbox', { name: /Lead/ }).check();
    await page.getByRole('checkbox', { name: /Crowd/ }).check();
    await page.getByRole('checkbox', { name: 'Photo 1' }).check();
    const note = 'Trained at the National School of Drama; I ride a motorbike.';
    await page.getByLabel(APP_MSG.noteLabel).fill(note);
    await shoot(page, 'casting-roles-needs-plan');
    await expectAccessible(page);
    await expectNoOverflow(page);

    // Choose a plan, pay through the demo checkout, and come back to the job with the draft.
    await page.locator('.apply-plan').getByRole('link', { name: APP_MSG.choosePlan }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/subscription');
    await page.getByRole('article', { name: 'Gold' }).getByRole('button').click();
    await page.getByRole('dialog', { name: planTexts.go('Gold') }).getByRole('button', { name: MSG.demoCheckout }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe(`/jobs/${job._id}`);
    await page.getByText(CAST_MSG.planLine('Gold', 70)).waitFor();
    expect(await page.getByLabel(APP_MSG.noteLabel).inputValue()).toBe(note);
    expect(await page.getByRole('checkbox', { name: 'Photo 1' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /Lead/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /Crowd/ }).isChecked()).toBe(true);
    await shoot(page, 'casting-roles-with-plan');
    await page.getByRole('button', { name: APP_MSG.sendApplication }).click();
    await page.getByText(APP_MSG.applied).waitFor();
    const mine = await apiAs<{ applications: { role: { name: string }; note: string; job: { _id: string } }[] }>('GET', '/api/audition/applications', performer.token);
    expect(mine.applications.filter((a) => a.job._id === job._id).map((a) => [a.role.name, a.note]).sort()).toEqual([
      ['Crowd', note],
      ['Lead', note],
    ]);

    // The studio: applicants per role on the dashboard, and the board filtered by role.
    await studioPage.reload();
    await studioPage.getByText(`${CAST_MSG.applicantsPerRole('Lead', 1)} · ${CAST_MSG.applicantsPerRole('Best friend', 0)} · ${CAST_MSG.applicantsPerRole('Crowd', 1)}`).waitFor();
    await studioPage.goto(`/dashboard/jobs/${job._id}/applicants`);
    await studioPage.getByRole('heading', { level: 1, name: /Applicants/ }).waitFor();
    await expect.poll(() => studioPage.locator('.applicant-tile').count()).toBe(2);
    // Each role says how many applied to it.
    await studioPage.getByLabel(CAST_MSG.role, { exact: true }).selectOption({ label: BOARD_MSG.roleOption('Crowd', 1) });
    await expect.poll(() => studioPage.locator('.applicant-tile').count()).toBe(1);
    expect(await studioPage.locator('.applicant-tile').innerText()).toContain('Crowd');
    await shoot(studioPage, 'casting-roles-board');
    await expectAccessible(studioPage);

    // Marking a role cast stops its applications: asked once in the app's dialog, kept on Cancel.
    await studioPage.goto(`/dashboard/jobs/${job._id}`);
    const markCast = studioPage.getByRole('button', { name: CAST_MSG.markCast }).first();
    await markCast.click();
    const ask = studioPage.getByRole('dialog', { name: CAST_MSG.confirmCastTitle });
    await ask.getByText(CAST_MSG.confirmCast).waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await studioPage.getByRole('button', { name: CAST_MSG.markCast }).count()).toBe(3);
    await markCast.click();
    await ask.getByRole('button', { name: CAST_MSG.markCast }).click();
    await expect.poll(() => studioPage.getByRole('button', { name: CAST_MSG.markCast }).count()).toBe(2);
  }, SLOW_TEST);
});
