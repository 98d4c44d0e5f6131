import sharp from 'sharp';
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

const portrait = () =>
  sharp({ create: { width: 320, height: 320, channels: 3, background: { r: 120, g: 60, b: 200 } } }).jpeg().toBuffer();

describe('/editProfile and /info', () => {
  it('saves the profile with a photo, then shows it on /info and in the header', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await logInAs(page, user);
    await page.goto('/editProfile');
    await page.getByLabel('Title', { exact: true }).waitFor();
    await shoot(page, 'edit-profile');
    await expectAccessible(page);

    await page.getByLabel('Title', { exact: true }).selectOption('Ms.');
    await page.getByLabel('Name', { exact: true }).fill('asha rao');
    await page.getByLabel('Location').fill('Mumbai');
    await page.getByLabel('Gender').selectOption('Female');
    await page.getByLabel('Profession title').selectOption('Dancer');
    await page.getByLabel('Profile URL').fill('asha.example.com');
    await page.locator('#photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await portrait() });
    await page.getByRole('button', { name: 'Save profile' }).click();

    await page.waitForURL('**/info');
    const details = page.locator('.details-list');
    await expect.poll(() => details.textContent()).toContain('Ms. asha rao');
    const text = await details.textContent();
    expect(text).toContain('Mumbai');
    expect(text).toContain('Female');
    expect(text).toContain('Dancer');
    expect(await page.getByRole('link', { name: 'https://asha.example.com' }).getAttribute('href')).toBe('https://asha.example.com');
    const headerPic = page.locator('.profile-header img');
    await headerPic.waitFor();
    expect(await headerPic.getAttribute('src')).toMatch(/^\/uploads\/images\//);
    expect(await headerPic.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.locator('.profile-header-name').textContent()).toBe('asha');
    expect(await page.evaluate(() => [sessionStorage.getItem('updatedProfile'), JSON.parse(localStorage.getItem('Audition') ?? '{}').fname, localStorage.getItem('image')])).toEqual([
      'yes',
      'asha rao',
      await headerPic.getAttribute('src'),
    ]);
    await shoot(page, 'info');
    await expectAccessible(page);
    await context.close();
  });

  it('shows a placeholder picture when there is none, and the cross goes back', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await logInAs(page, user);
    await page.goto('/info');
    await page.getByRole('img', { name: 'No profile picture yet' }).waitFor();
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await page.waitForURL('**/editProfile');
    await page.getByRole('button', { name: 'Cancel and go back' }).click();
    await page.waitForURL('**/info');
    await context.close();
  });

  it('shows the server’s message when a save fails, ends the overlay and keeps the input', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await logInAs(page, user);
    await page.route('**/api/audition/updateBasicInfo', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ msg: 'Saving is down for a moment' }) }),
    );
    await page.goto('/editProfile');
    await page.getByLabel('Location').fill('Goa');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => toastTexts(page)).toContain('Saving is down for a moment');
    expect(await page.getByTestId('busy-overlay').count()).toBe(0);
    expect(await page.getByLabel('Location').inputValue()).toBe('Goa');
    expect(new URL(page.url()).pathname).toBe('/editProfile');
    await context.close();
  });
});
