/** /dashboard/jobs/new: a post half typed is not lost by the header's "Jobs" (issue 49 item 18). */
import { describe, expect } from 'vitest';
import { SCREEN_MSG } from '../src/contract/screen-messages.js';
import { createStudio, DESKTOP, it, PHONE, shoot } from './harness.js';

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
});
