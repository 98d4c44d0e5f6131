import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, expectAccessible, launchBrowser, logInAs, openPage, shoot, toastTexts } from './harness.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const values = { Age: '27', Height: '168 cm', Weight: '58 kg', 'Body Type': 'Athletic', 'Hair Color': 'Black', 'Eye Color': 'Brown' };

describe('/apperance and /editapperance', () => {
  it('edits the appearance and shows the rows on /apperance', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await logInAs(page, user);
    await page.goto('/apperance');
    await page.locator('.details-list').waitFor();
    await shoot(page, 'appearance-empty');
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL('**/editapperance');
    await page.getByLabel('Age').waitFor();
    for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
    await shoot(page, 'edit-appearance');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save appearance' }).click();

    await page.waitForURL('**/apperance');
    const rows = page.locator('.details-list');
    await expect.poll(() => rows.textContent()).toContain('168 cm');
    for (const [label, value] of Object.entries(values)) expect(await rows.textContent()).toContain(`${label}${value}`);
    await shoot(page, 'appearance');
    await expectAccessible(page);

    // Prefilled from the saved data on the next visit.
    await page.goto('/editapperance');
    await expect.poll(() => page.getByLabel('Eye Color').inputValue()).toBe('Brown');
    await context.close();
  });

  it('shows a toast when the save fails and ends the overlay', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await logInAs(page, user);
    await page.route('**/api/audition/updateAppearance', (route) => route.abort('connectionrefused'));
    await page.goto('/editapperance');
    await page.getByLabel('Age').fill('31');
    await page.getByRole('button', { name: 'Save appearance' }).click();
    await expect.poll(async () => (await toastTexts(page)).length).toBeGreaterThan(0);
    expect(await page.getByTestId('busy-overlay').count()).toBe(0);
    expect(await page.getByLabel('Age').inputValue()).toBe('31');
    await context.close();
  });
});
