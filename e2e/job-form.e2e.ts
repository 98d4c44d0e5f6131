/**
 * /dashboard/jobs/new: a post half typed is not lost by the header's "Jobs" or Back (issue 49
 * item 18); a role's skills are checked as typed; a refusal the server gives leaves focus on a
 * control, never the body (item 9).
 */
import { describe, expect } from 'vitest';
import { CAST_MSG } from '../src/contract/casting-messages.js';
import { MARKET_MSG } from '../src/contract/marketplace-messages.js';
import { SCREEN_MSG } from '../src/contract/screen-messages.js';
import { createStudio, DESKTOP, expectFieldProblem, focusedName, it, PHONE, shoot, toastTexts } from './harness.js';

describe('/dashboard/jobs/new', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`asks "Leave without saving?" before the header's Jobs discards a half-typed post, at ${viewport.width} px`, async ({ open }) => {
      const studio = await createStudio();
      const { page } = await open({ viewport, as: studio, path: '/dashboard/jobs/new' });
      await page.getByLabel('Title', { exact: true }).fill('Half-typed feature');
      if (viewport === PHONE) await page.getByRole('button', { name: SCREEN_MSG.menu }).click();
      await page.getByRole('link', { name: 'Jobs', exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: SCREEN_MSG.leaveTitle });
      await dialog.waitFor();
      await shoot(page, `job-form-leave-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(new URL(page.url()).pathname).toBe('/dashboard/jobs/new');
      expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Half-typed feature');
      // "Add a role" puts focus on the new role's name.
      await page.getByRole('button', { name: 'Add a role' }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('role-1-name');
    });
  }

  for (const viewport of [PHONE, DESKTOP]) {
    it(`says 11 skills at the field as they are typed, and keeps focus on Post after a server refusal, at ${viewport.width} px`, async ({ open }) => {
      const studio = await createStudio();
      const { page } = await open({ viewport, as: studio, path: '/dashboard' });
      await page.getByRole('link', { name: MARKET_MSG.postJob }).first().click();
      await page.waitForURL('**/dashboard/jobs/new');
      await page.locator('#title').fill('Skills checked as typed');
      // Back asks too, and Cancel keeps what was typed.
      await page.goBack();
      const leave = page.getByRole('dialog', { name: SCREEN_MSG.leaveTitle });
      await leave.getByRole('button', { name: 'Cancel' }).click();
      // The page is inert until the question has closed and the router has put the address
      // back: typing before that went nowhere (this test's flake of stop 56).
      await leave.waitFor({ state: 'hidden' });
      await page.waitForURL('**/dashboard/jobs/new');
      expect(await page.locator('#title').inputValue()).toBe('Skills checked as typed');
      await page.locator('#jobType').fill('Film');
      expect(await page.locator('#jobType').inputValue()).toBe('Film');
      await page.getByLabel('Role 1 Role name', { exact: true }).fill('Lead');
      await page.getByLabel('Role 1 Pay', { exact: true }).selectOption('unpaid');
      const skills = page.locator('#role-0-skills');
      await skills.fill(Array.from({ length: 11 }, (_, i) => `skill ${i + 1}`).join(', '));
      // Said at once, before any submit.
      await expectFieldProblem(page, 'role-0-skills', CAST_MSG.tooManyNames('Skills', 10));
      await shoot(page, `job-form-11-skills-${viewport.width}`);
      let sent = 0;
      await page.route('**/api/studio/jobs', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        sent += 1;
        // A refusal of the whole post that the page cannot foresee.
        await route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ msg: MARKET_MSG.tooManyOpenJobs(20), code: 'conflict' }) });
      });
      await page.getByRole('button', { name: MARKET_MSG.postJob, exact: true }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('role-0-skills');
      expect(sent).toBe(0);
      await skills.fill('dance, singing');
      expect(await skills.getAttribute('aria-invalid')).toBe('false');
      // Sent from the keyboard and refused by the server: the toast says why, focus stays on Post.
      await page.getByRole('button', { name: MARKET_MSG.postJob, exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => toastTexts(page)).toContain(MARKET_MSG.tooManyOpenJobs(20));
      expect(sent).toBe(1);
      await expect.poll(() => focusedName(page)).toBe(`button "${MARKET_MSG.postJob}"`);
      await shoot(page, `job-form-server-error-${viewport.width}`);
    });
  }
});
