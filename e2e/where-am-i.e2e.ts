/**
 * Where am I (docs/screens.md): every route's tab title, focus on the main heading
 * after a navigation, "Skip to content" first, and a visible focus ring on everything the
 * Tab key reaches, screen by screen.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { MSG } from '../src/contract/messages.js';
import { PAGE_TITLES, SCREEN_MSG } from '../src/contract/screen-messages.js';
import { createStudio, createUser, expectAccessible, it, PHONE, shoot } from './harness.js';
import { allStudios } from './studio-data.js';

const title = (name: string) => `${name} · Audition`;

/** What the focused element shows: its outline, or for a see-through input the track beside it. */
async function focusRing(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', visible: false };
    const shows = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    };
    const seeThrough = parseFloat(getComputedStyle(el).opacity) === 0;
    const visible = seeThrough ? shows(el.nextElementSibling) : shows(el);
    return { tag: `${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ')[0] : ''} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}"`, visible };
  });
}

/** Tabs through a screen from the top: the first stop is the skip link, and every stop shows its ring. */
async function tabThrough(page: Page, stops = 30) {
  await page.locator('body').focus();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const seen: string[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const ring = await focusRing(page);
    // Past the last control the focus leaves the page: the screen is done.
    if (ring.tag === 'body' && i > 0) break;
    if (i === 0) expect(ring.tag).toContain(SCREEN_MSG.skipToContent);
    expect(ring.visible, `focus ring on ${ring.tag} (stop ${i + 1})`).toBe(true);
    seen.push(ring.tag);
  }
  return seen;
}

/**
 * Opens each of a logged-in account's own screens (url, title) in turn: its heading shows,
 * the browser tab carries exactly its title, and tabThrough walks up to `stops` Tab stops.
 */
async function walkOwnScreens(page: Page, screens: [string, string][], stops: number) {
  for (const [url, name] of screens) {
    await page.goto(url);
    await page.locator('main h1').first().waitFor();
    await expect.poll(() => page.title()).toBe(title(name));
    await tabThrough(page, stops);
  }
}

describe('where am I', () => {
  it('gives each public screen its title and a focus ring on every stop of the Tab key', async ({ open }) => {
    const studios = await allStudios();
    const studio = studios[0]!;
    const { page } = await open({ viewport: PHONE });
    const screens: [string, string, string][] = [
      ['/', PAGE_TITLES.home, '.studio-search'],
      ['/studio', PAGE_TITLES.studios, '.studio-card'],
      [`/studio-detail/${studio._id}`, studio.fname, '.studio-banner h1'],
      ['/download-section', PAGE_TITLES.download, '.store-badge'],
      ['/contact', PAGE_TITLES.contact, 'form'],
      ['/login', PAGE_TITLES.login, 'form'],
      ['/signup', PAGE_TITLES.signup, 'form'],
      ['/jobs', PAGE_TITLES.jobs, 'h1'],
      ['/no-such-page', PAGE_TITLES.notFound, 'h1'],
    ];
    for (const [url, name, ready] of screens) {
      await page.goto(url);
      await page.locator(ready).first().waitFor();
      await expect.poll(() => page.title()).toContain(title(name).split(' · ')[0]!);
      await tabThrough(page, 12);
    }
  });

  it("restores the route's title when leaving a studio's page, and moves focus to the new page's heading", async ({ open }) => {
    const studio = (await allStudios())[0]!;
    const { page } = await open({ viewport: PHONE });
    await page.goto(`/studio-detail/${studio._id}`);
    await expect.poll(() => page.title()).toBe(title(studio.fname));
    // Through the app, not a reload: the studio's name must not stay on the tab. At 390 px
    // the links sit behind the Menu button.
    await page.getByRole('button', { name: SCREEN_MSG.menu }).click();
    await page.getByRole('link', { name: 'Studio', exact: true }).first().click();
    await page.waitForURL('**/studio');
    await expect.poll(() => page.title()).toBe(title(PAGE_TITLES.studios));
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await page.getByRole('link', { name: 'Contact us' }).first().click();
    await expect.poll(() => page.title()).toBe(title(PAGE_TITLES.contact));
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(await page.locator('main h1').textContent());
  });

  it("leaves the focus where the user put it while the new page was still loading", async ({ open }) => {
    const studio = (await allStudios())[0]!;
    const { page } = await open();
    await page.goto('/contact');
    await page.locator('main h1').waitFor();
    // The studio's read is held, so its page shows "Loading" with no heading for a while.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/studio/${studio._id}`, async (route) => {
      await held;
      await route.continue();
    });
    // A navigation inside the app with nothing passed along (the studio list passes the studio).
    await page.evaluate((url) => {
      history.pushState(null, '', url);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/studio-detail/${studio._id}`);
    await page.getByRole('status').filter({ hasText: MSG.loading }).waitFor();
    // Meanwhile the user goes to the header: once the heading shows, the focus stays there.
    const inHeader = page.getByRole('link', { name: 'Contact us' }).first();
    await inHeader.focus();
    release();
    await page.locator('main h1').filter({ hasText: studio.fname }).waitFor();
    await expect.poll(() => page.title()).toBe(title(studio.fname));
    await expect.poll(() => inHeader.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('skips to the content with the first Tab and Enter', async ({ open }) => {
    const { page } = await open({ viewport: PHONE });
    await page.goto('/contact');
    await page.locator('main h1').waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: SCREEN_MSG.skipToContent });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0).toBe(true);
    await shoot(page, 'skip-link');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    await expectAccessible(page);
  });

  it("gives a performer's own screens their titles and rings", async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ viewport: PHONE, as: user });
    const screens: [string, string][] = [
      ['/profile', PAGE_TITLES.profile],
      ['/info', PAGE_TITLES.info],
      ['/editProfile', PAGE_TITLES.editProfile],
      ['/apperance', PAGE_TITLES.appearance],
      ['/editapperance', PAGE_TITLES.editAppearance],
      ['/media/photos', PAGE_TITLES.photos],
      ['/media/videos', PAGE_TITLES.videos],
      ['/media/audios', PAGE_TITLES.audios],
      ['/subscription', PAGE_TITLES.subscription],
      ['/settings', PAGE_TITLES.settings],
      ['/applications', PAGE_TITLES.applications],
      ['/messages', PAGE_TITLES.messages],
    ];
    await walkOwnScreens(page, screens, 12);
  });

  it("gives a studio's own screens their titles and rings", async ({ open }) => {
    const studio = await createStudio();
    const { page } = await open({ viewport: PHONE, as: studio });
    const screens: [string, string][] = [
      ['/dashboard', PAGE_TITLES.dashboard],
      ['/dashboard/studio', PAGE_TITLES.studioEdit],
      ['/dashboard/jobs/new', PAGE_TITLES.newJob],
      ['/dashboard/talent', PAGE_TITLES.talentSearch],
      ['/dashboard/shortlists', PAGE_TITLES.shortlists],
      ['/messages', PAGE_TITLES.messages],
    ];
    // Past the nav bar's stops, into the screen's own controls.
    await walkOwnScreens(page, screens, 20);
  });
});
