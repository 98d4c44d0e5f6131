import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { MSG } from '../src/contract/messages.js';
import { STUDIO_LIMITS } from '../src/contract/studio-limits.js';
import { SCREEN_MSG } from '../src/contract/screen-messages.js';
import { expectAccessible, expectNoOverflow, it, layoutShiftOf, MAX_LAYOUT_SHIFT, PHONE, shoot } from './harness.js';
import { allStudios } from './studio-data.js';

const cards = (page: Page) => page.getByRole('list', { name: 'Studios' }).getByRole('link');

describe('/studio', () => {
  it("shows 'Loading...' while the list is unknown, then cards with picture, name and location; passes axe", async ({ open }) => {
    const { page } = await open();
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/audition/getAllStudio**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/studio');
    await page.getByText(MSG.loading, { exact: true }).waitFor();
    release();
    await cards(page).first().waitFor();
    expect(await page.getByText(MSG.loading, { exact: true }).count()).toBe(0);

    const studios = await allStudios();
    const first = cards(page).first();
    expect(await first.textContent()).toContain(studios[0]!.fname);
    expect(await first.textContent()).toContain(studios[0]!.location);
    expect(await first.getAttribute('href')).toBe(`/studio-detail/${studios[0]!._id}`);
    expect(await first.locator('img').first().getAttribute('src')).toBeTruthy();
    await page.unroute('**/api/audition/getAllStudio**');
    await shoot(page, 'studio-list');
    await expectAccessible(page);
  });

  it('pages in more studios as the list scrolls, each studio once', async ({ open }) => {
    const studios = await allStudios();
    expect(studios.length).toBeGreaterThan(STUDIO_LIMITS.pageDefault);
    const { page } = await open({ viewport: { width: 1280, height: 600 } });
    await page.goto('/studio');
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBe(STUDIO_LIMITS.pageDefault);
    // Each page that arrives may need one more scroll to reach the end (there are more than two pages).
    await expect
      .poll(async () => {
        await cards(page).last().scrollIntoViewIfNeeded();
        await page.mouse.wheel(0, 5000);
        return cards(page).count();
      }, { timeout: 20_000 })
      .toBe(studios.length);
    const hrefs = await cards(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(studios.map((s) => `/studio-detail/${s._id}`));
    expect(await page.getByRole('button', { name: 'Show more studios' }).count()).toBe(0);
  });

  it('polls every 3 s with If-None-Match and is answered 304 while nothing changes', async ({ open }) => {
    const { page } = await open();
    const polls: { status: number; ifNoneMatch: string | undefined }[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/audition/getAllStudio')) polls.push({ status: res.status(), ifNoneMatch: res.request().headers()['if-none-match'] });
    });
    await page.goto('/studio');
    await cards(page).first().waitFor();
    await expect.poll(() => polls.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(polls[0]).toMatchObject({ status: 200, ifNoneMatch: undefined });
    expect(polls[1]?.status).toBe(304);
    expect(polls[1]?.ifNoneMatch).toMatch(/^W\/"studios-/);
    expect(await cards(page).count()).toBe(STUDIO_LIMITS.pageDefault);
  });

  it("shows 'No Studios Found' when the list is empty", async ({ open }) => {
    const { page } = await open();
    await page.route('**/api/audition/getAllStudio**', (route) => route.fulfill({ json: [] }));
    await page.goto('/studio');
    await page.getByText(MSG.noStudios, { exact: true }).waitFor();
    await shoot(page, 'studio-list-empty');
  });

  it('opens a studio from its card', async ({ open }) => {
    const { page } = await open();
    await page.goto('/studio');
    const card = cards(page).nth(2);
    await card.waitFor();
    const name = await card.locator('.studio-card-name').textContent();
    await card.click();
    await page.waitForURL('**/studio-detail/*');
    await page.getByRole('heading', { name: name!, level: 1 }).waitFor();
  });

  it('searches with a box and a location filter, kept in the address, a numbered page at a time', async ({ open }) => {
    const studios = await allStudios();
    const { page } = await open({ viewport: PHONE });
    await page.goto('/studio');
    await cards(page).first().waitFor();
    await page.getByLabel(SCREEN_MSG.studioSearchLabel).fill('cásting');
    await page.getByRole('button', { name: SCREEN_MSG.studioSearchSubmit }).click();
    await page.waitForURL('**/studio?q=*');
    const expected = studios.filter((s) => /casting/i.test(`${s.fname} ${s.location}`)).length;
    await page.getByText(SCREEN_MSG.studioMatches(expected)).waitFor();

    // The location filter narrows it; the address keeps both, so the page can be shared.
    await page.getByLabel(SCREEN_MSG.studioSearchLabel).fill('marigld');
    await page.getByLabel(SCREEN_MSG.studioLocationLabel).fill('Bengaluru');
    await page.getByRole('button', { name: SCREEN_MSG.studioSearchSubmit }).click();
    await expect.poll(() => cards(page).allTextContents()).toEqual([expect.stringContaining('Marigold Casting House')]);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ q: 'marigld', location: 'Bengaluru' });
    await shoot(page, 'studio-list-search');
    await expectAccessible(page);

    // Pages instead of one endless column: a location only.
    await page.getByLabel(SCREEN_MSG.studioSearchLabel).fill('');
    await page.getByLabel(SCREEN_MSG.studioLocationLabel).fill('a');
    await page.getByRole('button', { name: SCREEN_MSG.studioSearchSubmit }).click();
    await page.getByRole('navigation', { name: 'Pages' }).waitFor();
    expect(await cards(page).count()).toBe(STUDIO_LIMITS.findPage);
    const firstPage = await cards(page).allTextContents();
    await page.getByRole('button', { name: SCREEN_MSG.nextPage }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect.poll(async () => (await cards(page).allTextContents())[0]).not.toBe(firstPage[0]);
    await page.getByText(SCREEN_MSG.pageOf(2, Math.ceil(studios.filter((s) => /a/i.test(s.location)).length / STUDIO_LIMITS.findPage))).waitFor();
    await expectNoOverflow(page);
    await shoot(page, 'studio-list-pages');

    // Show all studios: back to the spec's list in its order.
    await page.getByRole('button', { name: SCREEN_MSG.studioSearchClear }).click();
    await page.waitForURL(/\/studio$/);
    await expect.poll(async () => (await cards(page).first().getAttribute('href'))).toBe(`/studio-detail/${studios[0]!._id}`);
  });
});

describe('/studio loading', () => {
  it('does not shift while its code and data arrive (390 px, Lighthouse CLS under 0.05)', async ({ open }) => {
    const shift = await layoutShiftOf(open, '/studio');
    expect(shift.value, `moved: ${shift.sources.join(', ')}`).toBeLessThan(MAX_LAYOUT_SHIFT);
  });
});
