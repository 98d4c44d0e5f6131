import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { MSG } from '../src/contract/messages.js';
import { SCREEN_MSG } from '../src/contract/screen-messages.js';
import { expectAccessible, it, layoutShiftOf, MAX_LAYOUT_SHIFT, PHONE, shoot } from './harness.js';
import { studioNamed } from './studio-data.js';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Find a studio' });
const options = (page: Page) => page.getByRole('listbox', { name: 'Matching studios' }).getByRole('option');
const optionNames = async (page: Page) => (await options(page).allTextContents()).map((t) => t.trim());

describe('/ (home)', () => {
  it('shows the search, the welcome banner, the three cards, the features and the download block; passes axe', async ({ open }) => {
    const { page } = await open();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome to Audition', level: 1 }).waitFor();
    for (const title of ['Easy to share', 'Easy to communicate', 'Easy to apply']) {
      expect(await page.getByRole('heading', { name: title }).isVisible()).toBe(true);
    }
    expect(await page.getByText('Talent shortlisting and reviews').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: MSG.downloadHeading }).isVisible()).toBe(true);
    await page.getByTestId('play-store-badge').waitFor();
    // An empty search shows no list.
    expect(await page.getByRole('listbox', { name: 'Matching studios' }).isVisible()).toBe(false);
    await shoot(page, 'home');
    await expectAccessible(page);
  });

  it('lists matches as you type, name prefix first, and follows a result to its page', async ({ open }) => {
    const { page } = await open({ viewport: PHONE });
    await page.goto('/');
    await searchBox(page).pressSequentially('silver', { delay: 40 });
    await expect.poll(() => optionNames(page)).toEqual(['Silver Reel Studios Mumbai, Maharashtra', `${MSG.viewAllStudios} →`]);
    expect(await searchBox(page).getAttribute('aria-expanded')).toBe('true');
    await shoot(page, 'home-search');
    await expectAccessible(page);

    const silver = await studioNamed('Silver Reel Studios');
    await options(page).first().click();
    await page.waitForURL(`**/studio-detail/${silver._id}`);
    await page.getByRole('heading', { name: 'Silver Reel Studios', level: 1 }).waitFor();
  });

  it('matches by location in any case and is driven from the keyboard', async ({ open }) => {
    const { page } = await open();
    await page.goto('/');
    await searchBox(page).click();
    await page.keyboard.type('KOLKATA');
    await expect.poll(async () => (await optionNames(page)).length).toBe(3);
    const names = await optionNames(page);
    expect(names.slice(0, 2).sort()).toEqual(['Howrah Bridge Films Kolkata, West Bengal', 'Tollygunge Talkies Kolkata, West Bengal']);

    await page.keyboard.press('ArrowDown');
    const first = await page.getByRole('option', { selected: true }).textContent();
    expect(first).toBe(names[0]);
    const activeId = await searchBox(page).getAttribute('aria-activedescendant');
    expect(activeId).toBe(await options(page).first().getAttribute('id'));

    // Up from the first option wraps to 'view all studios'.
    await page.keyboard.press('ArrowUp');
    expect(await page.getByRole('option', { selected: true }).textContent()).toBe(`${MSG.viewAllStudios} →`);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const second = await page.getByRole('option', { selected: true }).textContent();
    expect(second).toBe(names[1]);

    await page.keyboard.press('Escape');
    expect(await page.getByRole('listbox', { name: 'Matching studios' }).isVisible()).toBe(false);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const studio = await studioNamed(names[0]!.replace(' Kolkata, West Bengal', ''));
    await page.waitForURL(`**/studio-detail/${studio._id}`);
  });

  it("never lets an older keystroke's answer replace a newer one", async ({ open }) => {
    const { page } = await open();
    await page.route('**/api/showAllStudioList**', async (route) => {
      const search = new URL(route.request().url()).searchParams.get('search');
      if (search === 'm') {
        // The answer to the first keystroke comes back last, and says something else.
        await new Promise((r) => setTimeout(r, 1500));
        const stale = [{ _id: '00000000-0000-4000-8000-000000000000', fname: 'Stale Answer Studio', location: 'Nowhere', profilePic: '', banner: '', projectDesc: '', number: '0' }];
        await route.fulfill({ json: stale }).catch(() => {});
      } else {
        await route.continue();
      }
    });
    await page.goto('/');
    await searchBox(page).pressSequentially('marigold', { delay: 30 });
    await expect.poll(() => optionNames(page)).toEqual(['Marigold Casting House Bengaluru, Karnataka', `${MSG.viewAllStudios} →`]);
    await page.waitForTimeout(2000);
    expect(await optionNames(page)).toEqual(['Marigold Casting House Bengaluru, Karnataka', `${MSG.viewAllStudios} →`]);
  });

  it("clears the list when the text is emptied, and 'view all studios' goes to /studio with the text kept", async ({ open }) => {
    const { page } = await open();
    await page.goto('/');
    await searchBox(page).fill('studio');
    await options(page).first().waitFor();
    await searchBox(page).fill('');
    await expect.poll(() => page.getByRole('listbox', { name: 'Matching studios' }).isVisible()).toBe(false);

    await searchBox(page).fill('no such studio anywhere');
    await page.getByText('No studio matches').waitFor();
    await page.getByRole('option', { name: MSG.viewAllStudios }).click();
    await page.waitForURL('**/studio?**');
    expect(new URL(page.url()).searchParams.get('q')).toBe('no such studio anywhere');
    expect(await page.getByLabel(SCREEN_MSG.studioSearchLabel).inputValue()).toBe('no such studio anywhere');
    await page.getByText(SCREEN_MSG.noMatches).waitFor();
  });

  it('forgives accents and small typos, and Enter shows all the matches on /studio', async ({ open }) => {
    const { page } = await open({ viewport: PHONE });
    await page.goto('/');
    await searchBox(page).fill('Kāveri');
    await expect.poll(() => optionNames(page)).toEqual(['Kaveri Frames Chennai, Tamil Nadu', `${MSG.viewAllStudios} →`]);
    await searchBox(page).fill('marigld');
    await expect.poll(() => optionNames(page)).toContain('Marigold Casting House Bengaluru, Karnataka');
    await searchBox(page).fill('studio');
    await options(page).first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/studio?q=studio');
    // The home page stays on screen while /studio loads: wait for /studio's own count.
    await page.locator('.studios-count').waitFor();
    expect(await page.getByLabel(SCREEN_MSG.studioSearchLabel).inputValue()).toBe('studio');
    await expect.poll(() => page.getByRole('list', { name: 'Studios' }).getByRole('link').count()).toBeGreaterThan(0);
  });
});

describe('/ (home) loading', () => {
  it('does not shift while its code and data arrive (390 px, Lighthouse CLS under 0.05)', async ({ open }) => {
    const shift = await layoutShiftOf(open, '/');
    expect(shift.value, `moved: ${shift.sources.join(', ')}`).toBeLessThan(MAX_LAYOUT_SHIFT);
  });
});
