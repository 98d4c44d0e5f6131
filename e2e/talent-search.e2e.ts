/**
 * /dashboard/talent and /talent/{id} as a studio: filters for female dancers aged 20–30 in
 * Mumbai (kept in the URL), opens a portfolio, plays a video and seeks in it, shortlists
 * and rates. Wrong filters show at their fields, all at once.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { personName } from '../src/contract/names.js';
import { TALENT_MSG } from '../src/contract/talent-messages.js';
import { fixture } from '../test/media-files.js';
import { createStudio, expectAccessible, expectNoOverflow, it, PHONE, shoot, toastTexts } from './harness.js';
import { addMedia, createPerformer } from './talent-data.js';
import { expectNameAbsent } from './names.js';

describe('/dashboard/talent', () => {
  it('finds female dancers aged 20–30 in Mumbai, opens one, plays her video, shortlists and rates her', async ({ open }) => {
    const tag = randomBytes(3).toString('hex');
    const full = { location: 'Mumbai', gender: 'Female', height: '5 ft 5 in', weight: '55 kg', bodyType: 'Athletic', hairColor: 'Black', eyeColor: 'Brown' };
    const asha = await createPerformer({ ...full, fname: `Asha Dancer ${tag}`, age: '24' }, { category: 'Dancer', profileUrl: 'https://example.com/asha' });
    const older = await createPerformer({ ...full, fname: `Older Dancer ${tag}`, age: '38' }, { category: 'Dancer' });
    const actor = await createPerformer({ ...full, fname: `Actor ${tag}`, age: '25' }, { category: 'Actor' });
    const picture = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#7c3aed' } }).png().toBuffer();
    await addMedia(asha, 'images', { name: 'headshot.png', type: 'image/png', buffer: picture });
    await addMedia(asha, 'videos', { name: 'reel.mp4', type: 'video/mp4', buffer: fixture('clip.mp4') });
    const studio = await createStudio();

    const { page } = await open({ as: studio, path: '/dashboard/talent' });
    await expect.poll(() => page.title()).toBe(`${TALENT_MSG.searchTitle} · Audition`);
    await page.getByText(TALENT_MSG.searchOrder).waitFor();
    await page.getByLabel('Profession').selectOption('Dancer');
    await page.getByLabel('Gender').selectOption('Female');
    await page.getByLabel('Age from (years)').fill('20');
    await page.getByLabel('Age to (years)').fill('30');
    await page.getByLabel('Location').fill('Mumbai');
    await page.getByRole('button', { name: TALENT_MSG.search }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?profession=Dancer&gender=Female&ageMin=20&ageMax=30&location=Mumbai');
    const card = page.locator('.talent-card', { hasText: asha.fname });
    await card.waitFor();
    // "5 ft 5 in" as every card writes a height (issue 49 item 10).
    expect(await card.textContent()).toContain('165 cm (5′5″)');
    const names = await page.locator('.talent-card h2').allTextContents();
    expectNameAbsent(names, older.fname);
    expectNameAbsent(names, actor.fname);
    // The filters survive a reload (they live in the URL).
    await page.reload();
    await expect.poll(() => page.getByLabel('Age to (years)').inputValue()).toBe('30');
    await card.waitFor();
    await shoot(page, 'talent-search');
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await expectNoOverflow(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Shortlist from the results: a first list is named on the spot.
    await card.getByLabel(TALENT_MSG.shortlistName).fill(`Dancers ${tag}`);
    await card.getByRole('button', { name: TALENT_MSG.addToShortlist }).click();
    await expect.poll(() => toastTexts(page)).toContain(TALENT_MSG.added(`Dancers ${tag}`));
    // Good news reads as a status, not as an alert.
    expect(await page.locator('.toast-success', { hasText: TALENT_MSG.added(`Dancers ${tag}`) }).count()).toBe(1);
    // Message starts or reopens the conversation with her (the messages area's button).
    await card.getByRole('button', { name: TALENT_MSG.message, exact: true }).waitFor();

    // The portfolio: title, the video plays and seeks.
    await card.getByRole('link', { name: asha.fname }).click();
    await page.getByRole('heading', { level: 1, name: asha.fname }).waitFor();
    await expect.poll(() => page.title()).toBe(`${TALENT_MSG.portfolioTitle(personName(asha.fname))} · Audition`);
    const video = page.getByLabel('Video 1 of 1');
    const played = await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      await new Promise((r) => setTimeout(r, 300));
      const playing = !v.paused && v.currentTime > 0;
      v.pause();
      v.currentTime = 2.5;
      await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
      return { playing, time: v.currentTime };
    });
    expect(played.playing).toBe(true);
    expect(played.time).toBeCloseTo(2.5, 0);
    // The photo opens in the viewer.
    await page.getByRole('button', { name: TALENT_MSG.photoOf(1, 1) }).click();
    await page.getByRole('dialog', { name: 'Photo 1 of 1' }).waitFor();
    await page.keyboard.press('Escape');

    // Rate her, privately.
    await page.getByLabel(TALENT_MSG.stars(4)).check();
    await page.getByLabel(TALENT_MSG.yourNote).fill('Strong freestyle, call back');
    await page.getByRole('button', { name: TALENT_MSG.saveReview }).click();
    await expect.poll(() => toastTexts(page)).toContain(TALENT_MSG.reviewSaved);
    expect(await page.locator('.toast-success', { hasText: TALENT_MSG.reviewSaved }).count()).toBe(1);
    await shoot(page, 'talent-portfolio-studio');
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await expectNoOverflow(page);

    // The rating shows on the shortlist.
    await page.goto('/dashboard/shortlists');
    const member = page.locator('.talent-card', { hasText: asha.fname });
    await member.waitFor();
    await expect.poll(() => member.locator('.talent-rating').getAttribute('aria-label')).toBe(`${TALENT_MSG.yourRating}: ${TALENT_MSG.stars(4)}`);
  }, 150_000);

  it('shows every wrong filter at its field at once, and keeps what was typed', async ({ open }) => {
    const studio = await createStudio();
    const { page } = await open({ as: studio, path: '/dashboard/talent?location=Pune' });
    await page.getByLabel('Age from (years)').fill('40');
    await page.getByLabel('Age to (years)').fill('30');
    await page.getByLabel('Height from (cm)').fill('-5');
    await page.getByRole('button', { name: TALENT_MSG.search }).click();
    const ageFrom = page.getByLabel('Age from (years)');
    const heightFrom = page.getByLabel('Height from (cm)');
    await expect.poll(() => ageFrom.getAttribute('aria-invalid')).toBe('true');
    expect(await heightFrom.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await ageFrom.getAttribute('aria-describedby')}`).textContent()).toBe(TALENT_MSG.ageOrder);
    expect(await page.locator(`#${await heightFrom.getAttribute('aria-describedby')}`).textContent()).toContain('Height from must be a whole number');
    expect(await ageFrom.inputValue()).toBe('40');
    expect(new URL(page.url()).search).toBe('?location=Pune');
    await shoot(page, 'talent-search-errors');

    // A link with the ages the wrong way round shows the same error at the field, and searches nothing.
    const searched: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/api/studio/talent')) searched.push(r.url()); });
    await page.goto('/dashboard/talent?ageMin=50&ageMax=20');
    await expect.poll(() => ageFrom.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await ageFrom.getAttribute('aria-describedby')}`).textContent()).toBe(TALENT_MSG.ageOrder);
    expect(await ageFrom.inputValue()).toBe('50');
    expect(searched).toEqual([]);
  }, 150_000);
});
