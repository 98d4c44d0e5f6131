import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { MSG } from '../src/contract/messages.js';
import { fixture } from '../test/media-files.js';
import { createUser, expectAccessible, it, shoot } from './harness.js';

async function chooseAudio(page: Page, name: string, buffer: Buffer, mimeType: string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Add audio' }).click()]);
  expect(await chooser.element().getAttribute('accept')).toBe('audio/*');
  await chooser.setFiles({ name, mimeType, buffer });
}

describe('/media/audios', () => {
  it("shows the spec's empty text on a new account", async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ as: user, path: '/media/audios' });
    await page.getByText(MSG.noAudios, { exact: true }).waitFor();
    expect(await page.getByTestId('media-count').textContent()).toBe('0 audios');
    await shoot(page, 'media-audios-empty');
    await expectAccessible(page);
  });

  it('adds audios, plays and seeks one, and removes one', async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ as: user, path: '/media/audios' });
    await page.getByText(MSG.noAudios).waitFor();

    await chooseAudio(page, 'Song demo.ogg', fixture('tone.ogg'), 'audio/ogg');
    await page.getByLabel('Audio 1: song demo').waitFor();
    await chooseAudio(page, 'voice.mp3', fixture('tone.mp3'), 'audio/mpeg');
    await page.getByLabel('Audio 2: voice').waitFor();
    await chooseAudio(page, 'scale.wav', fixture('tone.wav'), 'audio/wav');
    await page.getByLabel('Audio 3: scale').waitFor();
    expect(await page.getByTestId('media-count').textContent()).toBe('3 audios');

    const sought = await page.getByLabel('Audio 1: song demo').evaluate(async (audio: HTMLAudioElement) => {
      audio.muted = true;
      await audio.play();
      audio.pause();
      audio.currentTime = 2;
      await new Promise((r) => audio.addEventListener('seeked', r, { once: true }));
      return { time: audio.currentTime };
    });
    expect(sought.time).toBeCloseTo(2, 1);
    // The 3 s tone: Chromium reads an Ogg file's length as 3.00 or, at times, as 3.99 (from the
    // bitrate, when it has not read the last page), so the check allows a second either way of 3.5.
    const duration = await page.getByLabel('Audio 1: song demo').evaluate((audio: HTMLAudioElement) => audio.duration);
    expect(duration).toBeGreaterThan(2.5);
    expect(duration).toBeLessThan(4.5);
    await shoot(page, 'media-audios');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Remove audio 2' }).click();
    await page.getByRole('dialog', { name: 'Remove audio' }).getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.getByTestId('media-count').textContent()).toBe('2 audios');
    expect(await page.getByLabel('Audio 2: voice').count()).toBe(0);
    await page.reload();
    await page.getByLabel('Audio 2: scale').waitFor();
  });
});
