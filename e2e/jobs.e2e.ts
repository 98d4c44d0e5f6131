/** /jobs: the board's filters live in the URL and survive a reload; more jobs load on scroll. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_LIMITS } from '../src/contract/jobs-limits.js';
import { expectAccessible, launchBrowser, openPage, PHONE } from './harness.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('/jobs', () => {
  it('keeps its filters in the URL across a reload, and loads the next page on scroll', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.goto('/jobs');
    await expect.poll(() => page.locator('.job-card').count()).toBe(JOB_LIMITS.boardPage);
    await expect.poll(() => page.title()).toBe('Jobs · Audition');
    await page.locator('.job-card').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await expect.poll(() => page.locator('.job-card').count()).toBeGreaterThan(JOB_LIMITS.boardPage);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByLabel('Profession').selectOption('Actor');
    await page.getByLabel('Location').fill('mumbai');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?profession=Actor&location=mumbai');
    await page.reload();
    await expect.poll(() => page.getByLabel('Location').inputValue()).toBe('mumbai');
    expect(await page.getByLabel('Profession').inputValue()).toBe('Actor');
    await expect.poll(() => page.locator('.job-card').count()).toBeGreaterThan(0);
    for (const text of await page.locator('.job-card .muted').allTextContents()) expect(text.toLowerCase()).toContain('mumbai');
    await expectAccessible(page);
    await context.close();
  });
});
