import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../src/contract/messages.js';
import { makeImage } from '../test/media-files.js';
import { createUser, expectAccessible, launchBrowser, logInAs, openPage, shoot, toastTexts, type TestUser } from './harness.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function choosePhoto(page: Page, name: string, buffer: Buffer, mimeType = 'image/jpeg') {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Add photo' }).click()]);
  expect(await chooser.element().getAttribute('accept')).toBe('image/*');
  await chooser.setFiles({ name, mimeType, buffer });
}

async function openPhotos(user: TestUser, viewport?: { width: number; height: number }) {
  const { page, context } = await openPage(browser, viewport);
  await logInAs(page, user);
  await page.goto('/media/photos');
  await page.getByRole('heading', { name: 'Photos' }).waitFor();
  return { page, context };
}

describe('/media/photos', () => {
  it("shows the spec's empty text, the menu, tabs and header on a new account", async () => {
    const user = await createUser();
    const { page, context } = await openPhotos(user);
    await page.getByText(MSG.noPhotos, { exact: true }).waitFor();
    expect(await page.getByTestId('media-count').textContent()).toBe('0 photos');
    const menu = page.getByRole('navigation', { name: 'Media' });
    for (const name of ['Photos', 'Videos', 'Audios']) expect(await menu.getByRole('link', { name }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Detail' }).getAttribute('href')).toBe('/info');
    expect(await page.getByRole('link', { name: 'Media' }).getAttribute('href')).toBe('/media/photos');
    expect(await page.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/editProfile');
    await shoot(page, 'media-photos-empty');
    await expectAccessible(page);
    await context.close();
  });

  it('adds photos with upload progress, shows them at once, opens one larger, and removes one after confirmation', async () => {
    const user = await createUser();
    const { page, context } = await openPhotos(user);
    await page.getByText(MSG.noPhotos).waitFor();

    // Hold the upload's answer a moment so the overlay with its percent can be seen.
    await page.route('**/api/storage/images', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await choosePhoto(page, 'headshot.jpg', await makeImage('jpeg', { width: 900, height: 1200, color: '#7c3aed' }));
    const overlay = page.getByTestId('busy-overlay');
    await overlay.waitFor();
    expect(await overlay.textContent()).toMatch(/Uploading… \d{1,3}%/);
    await overlay.waitFor({ state: 'detached' });
    await page.unroute('**/api/storage/images');
    await page.getByRole('img', { name: 'Photo 1' }).waitFor();
    expect(await page.getByTestId('media-count').textContent()).toBe('1 photo');

    await choosePhoto(page, 'profile.png', await makeImage('png', { width: 1200, height: 800, color: '#f59e0b' }), 'image/png');
    await page.getByRole('img', { name: 'Photo 2' }).waitFor();
    await choosePhoto(page, 'stage.webp', await makeImage('webp', { width: 800, height: 800, color: '#0ea5e9' }), 'image/webp');
    await page.getByRole('img', { name: 'Photo 3' }).waitFor();
    expect(await page.getByTestId('media-count').textContent()).toBe('3 photos');
    // The grid shows the small thumbnails, never the full photo.
    expect(await page.getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toMatch(/\.thumb\.webp$/);

    // Still there after a reload: the list lives on the server.
    await page.reload();
    await page.getByRole('img', { name: 'Photo 3' }).waitFor();
    await shoot(page, 'media-photos');
    await expectAccessible(page);

    // A photo opens larger in a dialog, and Escape closes it.
    await page.getByRole('button', { name: 'Open photo 2 larger' }).click();
    const viewer = page.getByRole('dialog', { name: 'Photo 2 of 3' });
    await viewer.waitFor();
    const big = viewer.getByRole('img', { name: 'Photo 2 of 3' });
    await expect.poll(() => big.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    await shoot(page, 'media-photos-viewer');
    await expectAccessible(page);
    await viewer.getByRole('button', { name: 'Next photo' }).click();
    await page.getByRole('dialog', { name: 'Photo 3 of 3' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // Remove asks first; Cancel keeps the photo, Remove takes it away and deletes the file.
    const firstSrc = (await page.getByRole('img', { name: 'Photo 1' }).getAttribute('src'))!;
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove photo' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(MSG.confirmRemove('photo'));
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('media-count').textContent()).toBe('3 photos');
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.getByTestId('media-count').textContent()).toBe('2 photos');
    await page.getByTestId('busy-overlay').waitFor({ state: 'detached' });
    const gone = await page.evaluate(async (src) => (await fetch(src, { cache: 'no-store' })).status, firstSrc);
    expect(gone).toBe(404);
    await context.close();
  });

  it('refuses a file that is not an image with a toast, and the overlay ends', async () => {
    const user = await createUser();
    const { page, context } = await openPhotos(user);
    await page.getByText(MSG.noPhotos).waitFor();
    await choosePhoto(page, 'cat.jpg', Buffer.from('<html><script>alert(1)</script></html>'), 'image/jpeg');
    await expect.poll(() => toastTexts(page)).toContain(MSG.fileTypeRefused('image', 'JPEG, PNG, WebP, GIF'));
    expect(await page.getByTestId('busy-overlay').count()).toBe(0);
    expect(await page.getByTestId('media-count').textContent()).toBe('0 photos');
    await context.close();
  });

  it('ends the overlay with a toast when registering the photo fails', async () => {
    const user = await createUser();
    const { page, context } = await openPhotos(user, { width: 390, height: 844 });
    await page.getByText(MSG.noPhotos).waitFor();
    await page.route('**/api/upload/media', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ msg: MSG.unavailable }) }),
    );
    await choosePhoto(page, 'a.jpg', await makeImage('jpeg'));
    await expect.poll(() => toastTexts(page)).toContain(MSG.unavailable);
    await page.getByTestId('busy-overlay').waitFor({ state: 'detached' });
    expect(await page.getByText(MSG.noPhotos).isVisible()).toBe(true);
    await context.close();
  });
});
