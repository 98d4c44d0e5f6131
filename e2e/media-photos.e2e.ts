import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { MSG } from '../src/contract/messages.js';
import { SCREEN_MSG } from '../src/contract/screen-messages.js';
import { acceptedHint } from '../src/contract/file-checks.js';
import { makeImage } from '../test/media-files.js';
import { createUser, expectAccessible, expectNoOverflow, focusedName, it, type Open, PHONE, shoot, type TestUser, toastTexts } from './harness.js';

async function choosePhoto(page: Page, name: string, buffer: Buffer, mimeType = 'image/jpeg') {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Add photo' }).click()]);
  expect(await chooser.element().getAttribute('accept')).toBe('image/*');
  await chooser.setFiles({ name, mimeType, buffer });
}

async function openPhotos(open: Open, user: TestUser, viewport?: { width: number; height: number }) {
  const { page, context } = await open({ viewport, as: user, path: '/media/photos' });
  await page.getByRole('heading', { name: 'Photos' }).waitFor();
  return { page, context };
}

describe('/media/photos', () => {
  it("shows the spec's empty text, the menu, tabs and header on a new account", async ({ open }) => {
    const user = await createUser();
    const { page } = await openPhotos(open, user);
    await page.getByText(MSG.noPhotos, { exact: true }).waitFor();
    expect(await page.getByTestId('media-count').textContent()).toBe('0 photos');
    const menu = page.getByRole('navigation', { name: 'Media' });
    for (const name of ['Photos', 'Videos', 'Audios']) expect(await menu.getByRole('link', { name }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Detail' }).getAttribute('href')).toBe('/info');
    expect(await page.getByRole('link', { name: 'Media' }).getAttribute('href')).toBe('/media/photos');
    expect(await page.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/editProfile');
    await shoot(page, 'media-photos-empty');
    await expectAccessible(page);
  });

  it('adds photos with upload progress, shows them at once, opens one larger, and removes one after confirmation', async ({ open }) => {
    const user = await createUser();
    const { page } = await openPhotos(open, user);
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
    // The removed photo's button is gone: focus is on the count, the result, not the body.
    await expect.poll(() => focusedName(page)).toBe('p#media-count "2 photos"');
    const gone = await page.evaluate(async (src) => (await fetch(src, { cache: 'no-store' })).status, firstSrc);
    expect(gone).toBe(404);
  });

  it('refuses a file that is not an image with a toast, and the overlay ends', async ({ open }) => {
    const user = await createUser();
    const { page } = await openPhotos(open, user);
    await page.getByText(MSG.noPhotos).waitFor();
    await choosePhoto(page, 'cat.jpg', Buffer.from('<html><script>alert(1)</script></html>'), 'image/jpeg');
    // Named, with why, and refused by its content before it goes up (issue 36 item 7).
    await expect.poll(() => toastTexts(page)).toContain(`cat.jpg: ${MSG.fileTypeRefused('image', 'JPEG, PNG, WebP, GIF')}`);
    expect(await page.getByTestId('busy-overlay').count()).toBe(0);
    expect(await page.getByTestId('media-count').textContent()).toBe('0 photos');
  });

  it('ends the overlay with a toast when registering the photo fails', async ({ open }) => {
    const user = await createUser();
    const { page } = await openPhotos(open, user, { width: 390, height: 844 });
    await page.getByText(MSG.noPhotos).waitFor();
    await page.route('**/api/upload/media', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ msg: MSG.unavailable }) }),
    );
    await choosePhoto(page, 'a.jpg', await makeImage('jpeg'));
    await expect.poll(() => toastTexts(page)).toContain(MSG.unavailable);
    await page.getByTestId('busy-overlay').waitFor({ state: 'detached' });
    expect(await page.getByText(MSG.noPhotos).isVisible()).toBe(true);
  });

  it('shows the formats and limit before choosing, takes several files at once and files dropped on the card', async ({ open }) => {
    const user = await createUser();
    const { page } = await openPhotos(open, user);
    await page.getByText(`${acceptedHint('images')}. ${SCREEN_MSG.dropHere('photos')}`).waitFor();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Add photo' }).click()]);
    expect(chooser.isMultiple()).toBe(true);
    const jpeg = await makeImage('jpeg');
    await chooser.setFiles([
      { name: 'one.jpg', mimeType: 'image/jpeg', buffer: jpeg },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') },
      { name: 'two.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    ]);
    await expect.poll(() => toastTexts(page)).toContain(`notes.txt: ${MSG.fileTypeRefused('image', 'JPEG, PNG, WebP, GIF')}`);
    await expect.poll(() => page.getByTestId('media-count').textContent(), { timeout: 30_000 }).toBe('2 photos');

    // A file dropped on the card goes up too.
    const data = await page.evaluateHandle((bytes: number[]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'three.jpg', { type: 'image/jpeg' }));
      return transfer;
    }, [...jpeg]);
    await page.locator('section.media').dispatchEvent('dragover', { dataTransfer: data });
    await page.locator('section.media').dispatchEvent('drop', { dataTransfer: data });
    await expect.poll(() => page.getByTestId('media-count').textContent(), { timeout: 30_000 }).toBe('3 photos');
    await shoot(page, 'media-photos-several');
    await expectAccessible(page);
  });

  it('cancels an upload in progress from the keyboard: the photo going up and the one waiting are not added, the one done stays', { timeout: 240_000 }, async ({ open }) => {
    const user = await createUser();
    const { page, context } = await openPhotos(open, user, PHONE);
    await page.getByText(MSG.noPhotos).waitFor();
    // A slow line (128 KB/s up), so the second photo (9 MB) is still going up when Cancel is pressed.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const line = (uploadThroughput: number) =>
      cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput });
    await line(128 * 1024);
    const small = await makeImage('jpeg');
    const big = Buffer.concat([await makeImage('jpeg', { width: 1200, height: 1200 }), randomBytes(9 * 1024 * 1024)]);

    const add = page.getByRole('button', { name: 'Add photo' });
    // press() focuses the button and presses in one step: the route's focus move to the heading
    // can otherwise land between a separate focus() and the key (it did once in CI).
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), add.press('Enter')]);
    await chooser.setFiles([
      { name: 'first.jpg', mimeType: 'image/jpeg', buffer: small },
      { name: 'second.jpg', mimeType: 'image/jpeg', buffer: big },
      { name: 'third.jpg', mimeType: 'image/jpeg', buffer: small },
    ]);
    const overlay = page.getByTestId('busy-overlay');
    // Generous waits: on a busy machine the first photo and its list refresh can take a while.
    await expect.poll(() => overlay.getAttribute('aria-label'), { timeout: 90_000 }).toMatch(/^2 of 3 · Uploading… \d+%$/);
    await expect.poll(() => page.getByTestId('media-count').textContent(), { timeout: 30_000 }).toBe('1 photo');

    // The Cancel button stands beside the progress, has the focus and shows its ring.
    const cancel = overlay.getByRole('button', { name: SCREEN_MSG.busyCancel });
    await expect.poll(() => cancel.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await cancel.evaluate((el) => parseFloat(getComputedStyle(el).outlineWidth))).toBeGreaterThanOrEqual(2);
    await expectNoOverflow(page);
    await shoot(page, 'media-photos-cancel');
    await expectAccessible(page);
    expect(await overlay.getAttribute('aria-label')).toMatch(/^2 of 3 · /);

    await page.keyboard.press('Enter');
    await overlay.waitFor({ state: 'detached' });
    await expect.poll(() => toastTexts(page)).toContain(SCREEN_MSG.uploadCancelled(1, 2, 'photo', 'photos'));
    expect(await page.getByTestId('media-count').textContent()).toBe('1 photo');
    // The focus is back where it was, and the list on the server has only the first photo.
    await expect.poll(() => add.evaluate((el) => el === document.activeElement)).toBe(true);
    await shoot(page, 'media-photos-cancelled');
    await line(-1);
    await page.reload();
    await page.getByRole('img', { name: 'Photo 1' }).waitFor();
    expect(await page.getByTestId('media-count').textContent()).toBe('1 photo');

    // The screen goes on working: nothing of the cancelled upload holds a slot or quota.
    await choosePhoto(page, 'after.jpg', small);
    await page.getByRole('img', { name: 'Photo 2' }).waitFor();
    expect(await page.getByTestId('media-count').textContent()).toBe('2 photos');
  });
});
