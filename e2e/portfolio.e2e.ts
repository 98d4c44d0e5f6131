/**
 * /talent/{id}: a performer copies the link to their portfolio from /profile and opens it
 * logged out: name, profession, location, appearance, photos; its own title and Open Graph
 * tags come with the page's HTML. A private profile's link answers not found.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { personName } from '../src/contract/names.js';
import { TALENT_MSG } from '../src/contract/talent-messages.js';
import { baseUrl, expectAccessible, expectNoOverflow, it, layoutShiftOf, logInAs, MAX_LAYOUT_SHIFT, PHONE, shoot } from './harness.js';
import { expectNameAbsent } from './names.js';
import { fixture } from '../test/media-files.js';
import { PLAYBACK_MSG } from '../src/contract/media-playback.js';
import { addMedia, createPerformer } from './talent-data.js';

describe('/talent/{id}', () => {
  it('a performer copies their portfolio link on /profile, and it opens logged out', async ({ open }) => {
    const tag = randomBytes(3).toString('hex');
    const me = await createPerformer(
      { fname: `Kavya Singer ${tag}`, gender: 'Female', location: 'Chennai', age: '27', height: '163 cm', hairColor: 'Black' },
      { category: 'Singer' },
    );
    for (const color of ['#0ea5e9', '#f97316']) {
      const buffer = await sharp({ create: { width: 300, height: 400, channels: 3, background: color } }).png().toBuffer();
      await addMedia(me, 'images', { name: 'photo.png', type: 'image/png', buffer });
    }

    const { page, context } = await open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await logInAs(page, me);
    await page.goto('/profile');
    await page.getByRole('button', { name: TALENT_MSG.copyPortfolioLink }).click();
    await page.getByText(TALENT_MSG.linkCopied).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${baseUrl()}/talent/${me._id}`);

    // A stranger's browser: no login.
    const visitor = await open({ viewport: PHONE });
    await visitor.page.goto(link);
    await visitor.page.getByRole('heading', { level: 1, name: me.fname }).waitFor();
    await expect.poll(() => visitor.page.title()).toBe(`${TALENT_MSG.portfolioTitle(personName(me.fname))} · Audition`);
    await visitor.page.getByText('Singer · Chennai').waitFor();
    // Both units, one way (issue 49 item 10).
    await visitor.page.getByText('163 cm (5′4″)').waitFor();
    expect(await visitor.page.locator('.portfolio-photos img').count()).toBe(2);
    // The visitor sees no casting tools.
    expect(await visitor.page.getByRole('button', { name: TALENT_MSG.saveReview }).count()).toBe(0);
    await visitor.page.getByRole('button', { name: TALENT_MSG.photoOf(2, 2) }).click();
    await visitor.page.getByRole('dialog', { name: 'Photo 2 of 2' }).waitFor();
    await visitor.page.keyboard.press('Escape');
    await expectNoOverflow(visitor.page);
    await shoot(visitor.page, 'talent-portfolio');
    await expectAccessible(visitor.page);

    // Link previews: the server's HTML carries the title and Open Graph tags.
    const html = await (await fetch(link)).text();
    expect(html).toContain(`<meta property="og:title" content="${TALENT_MSG.portfolioTitle(personName(me.fname))} · Audition" />`);
    expect(html).toContain(`<meta property="og:description" content="${TALENT_MSG.portfolioDescription('Singer', 'Chennai')}" />`);
  }, 150_000);

  it('a private profile’s link answers not found to a visitor', async ({ open }) => {
    const me = await createPerformer({ fname: `Private Person ${randomBytes(3).toString('hex')}` });
    await fetch(`${baseUrl()}/api/audition/updateBasicInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': me.token },
      body: JSON.stringify({ visibility: 'private' }),
    });
    const { page } = await open();
    const res = await page.goto(`/talent/${me._id}`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'This page is not on the call sheet' }).waitFor();
    expectNameAbsent(await page.content(), me.fname);
  }, 150_000);
});

describe('/talent/{id} loading', () => {
  it('does not shift while its code, data and photos arrive (390 px, Lighthouse CLS under 0.05)', async ({ open }) => {
    const me = await createPerformer({ fname: `Steady Page ${randomBytes(3).toString('hex')}`, gender: 'Female', location: 'Pune' }, { category: 'Actor' });
    const buffer = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#0ea5e9' } }).png().toBuffer();
    await addMedia(me, 'images', { name: 'photo.png', type: 'image/png', buffer });
    const shift = await layoutShiftOf(open, `/talent/${me._id}`);
    expect(shift.value, `moved: ${shift.sources.join(', ')}`).toBeLessThan(MAX_LAYOUT_SHIFT);

    // The photo comes from its stored thumbnail in a phone's slot, at once, its space kept.
    const { page } = await open({ viewport: PHONE });
    await page.goto(`/talent/${me._id}`);
    const photo = page.locator('.portfolio-photo img').first();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await photo.evaluate((img: HTMLImageElement) => [img.loading, img.currentSrc.endsWith('.thumb.webp'), img.sizes])).toEqual(['eager', true, '(max-width: 600px) 50vw, 240px']);
  });
  it('a video plays its converted MP4 with a poster, Processing… until then', async ({ open }) => {
    const me = await createPerformer({ fname: `Video Performer ${randomBytes(3).toString('hex')}` }, { category: 'Actor' });
    await addMedia(me, 'videos', { name: 'monologue.mp4', type: 'video/mp4', buffer: fixture('clip.mp4') });
    for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
      const { page } = await open({ viewport });
      await page.goto(`/talent/${me._id}`);
      await page.getByRole('heading', { level: 1, name: me.fname }).waitFor();
      const player = page.getByLabel('Video 1 of 1');
      // Until the conversion is done the player says so; a reload shows the converted MP4.
      await expect
        .poll(
          async () => {
            if ((await player.evaluate((el) => el.tagName)) === 'VIDEO') return true;
            expect(await page.getByText(PLAYBACK_MSG.processing).count()).toBe(1);
            await page.reload();
            await page.getByRole('heading', { level: 1, name: me.fname }).waitFor();
            return false;
          },
          { timeout: 60_000, interval: 2_000 },
        )
        .toBe(true);
      expect(await player.getAttribute('src')).toMatch(/\.mp4$/);
      expect(await player.getAttribute('poster')).toMatch(/\.jpg$/);
      await expectNoOverflow(page);
      if (viewport.width === 1280) await shoot(page, 'portfolio-video');
    }
  });
});
