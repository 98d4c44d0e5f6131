import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { MSG } from '../src/contract/messages.js';
import { SCREEN_MSG } from '../src/contract/screen-messages.js';
import { fixture, MP4_HEAD } from '../test/media-files.js';
import { createUser, expectAccessible, expectNoOverflow, it, PHONE, shoot, toastTexts } from './harness.js';

async function chooseVideo(page: Page, name: string, buffer: Buffer, mimeType: string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Add video' }).click()]);
  expect(await chooser.element().getAttribute('accept')).toBe('video/*');
  await chooser.setFiles({ name, mimeType, buffer });
}

describe('/media/videos', () => {
  it("shows the spec's empty text on a new account", async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ as: user, path: '/media/videos' });
    await page.getByText(MSG.noVideos, { exact: true }).waitFor();
    expect(await page.getByTestId('media-count').textContent()).toBe('0 videos');
    await shoot(page, 'media-videos-empty');
    await expectAccessible(page);
  });

  it('adds videos, plays one and seeks in it, and removes one', async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ as: user, path: '/media/videos' });
    await page.getByText(MSG.noVideos).waitFor();

    await chooseVideo(page, 'Audition reel.webm', fixture('clip.webm'), 'video/webm');
    const first = page.getByLabel('Video 1: audition reel');
    await first.waitFor();
    expect(await page.getByTestId('media-count').textContent()).toBe('1 video');
    await chooseVideo(page, 'monologue.mp4', fixture('clip.mp4'), 'video/mp4');
    await page.getByLabel('Video 2: monologue').waitFor();
    expect(await page.getByTestId('media-count').textContent()).toBe('2 videos');
    // It says "Processing…" until the background conversion is done, then plays the MP4.
    await expect.poll(() => first.getAttribute('controls'), { timeout: 60_000 }).not.toBeNull();
    expect(await first.getAttribute('src')).toMatch(/\.mp4$/);

    // Play, then seek to 2.5 s of the 4 s clip: the player asks the server for a byte range.
    const played = await first.evaluate(async (video: HTMLVideoElement) => {
      video.muted = true;
      await video.play();
      await new Promise((r) => setTimeout(r, 300));
      const playing = !video.paused && video.currentTime > 0;
      video.pause();
      video.currentTime = 2.5;
      await new Promise((r) => video.addEventListener('seeked', r, { once: true }));
      return { playing, time: video.currentTime, duration: video.duration, seekable: video.seekable.length ? video.seekable.end(0) : 0 };
    });
    expect(played.playing).toBe(true);
    expect(played.duration).toBeCloseTo(4, 0);
    expect(played.time).toBeCloseTo(2.5, 1);
    expect(played.seekable).toBeGreaterThan(3);
    await shoot(page, 'media-videos');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Remove video 2' }).click();
    await page.getByRole('dialog', { name: 'Remove video' }).getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.getByTestId('media-count').textContent()).toBe('1 video');
    expect(await page.getByLabel('Video 2: monologue').count()).toBe(0);
  });

  it('cancels a video going up with Escape: nothing is added, and the next video goes up', async ({ open }) => {
    const user = await createUser();
    const { page, context } = await open({ viewport: PHONE, as: user, path: '/media/videos' });
    await page.getByText(MSG.noVideos).waitFor();
    // A slow line (256 KB/s up) for a 20 MB video, so Escape comes while it goes up.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const line = (uploadThroughput: number) =>
      cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput });
    await line(256 * 1024);
    await chooseVideo(page, 'long take.mp4', Buffer.concat([MP4_HEAD, randomBytes(20 * 1024 * 1024)]), 'video/mp4');
    const overlay = page.getByTestId('busy-overlay');
    await expect.poll(() => overlay.getAttribute('aria-label'), { timeout: 30_000 }).toMatch(/^Uploading… \d+%$/);
    await overlay.getByRole('button', { name: SCREEN_MSG.busyCancel }).waitFor();
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });
    await expect.poll(() => toastTexts(page)).toContain(SCREEN_MSG.uploadCancelled(0, 1, 'video', 'videos'));
    expect(await page.getByTestId('media-count').textContent()).toBe('0 videos');
    expect(await page.getByText(MSG.noVideos).isVisible()).toBe(true);
    await expectNoOverflow(page);

    await line(-1);
    await chooseVideo(page, 'monologue.mp4', fixture('clip.mp4'), 'video/mp4');
    await page.getByLabel('Video 1: monologue').waitFor();
    expect(await page.getByTestId('media-count').textContent()).toBe('1 video');
  });
});
