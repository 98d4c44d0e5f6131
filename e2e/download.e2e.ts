import { describe, expect } from 'vitest';
import { MSG } from '../src/contract/messages.js';
import type { AppConfig } from '../src/contract/config.js';
import { expectAccessible, it, shoot } from './harness.js';
import { apiGet } from './studio-data.js';

describe('/download-section', () => {
  it('shows the heading and badges; only the Play Store badge links out, in a new tab, to the configured address', async ({ open }) => {
    const { playStoreUrl } = await apiGet<AppConfig>('/api/config');
    const { page, context } = await open();
    await page.goto('/download-section');
    await page.getByRole('heading', { name: MSG.downloadHeading, level: 1 }).waitFor();

    const play = page.getByTestId('play-store-badge');
    await play.waitFor();
    expect(await play.getAttribute('href')).toBe(playStoreUrl);
    expect(await play.getAttribute('target')).toBe('_blank');
    expect(await play.getAttribute('rel')).toContain('noopener');

    const appStore = page.getByTestId('app-store-badge');
    expect(await appStore.isVisible()).toBe(true);
    expect(await appStore.evaluate((el) => el.closest('a') === null && !el.hasAttribute('href'))).toBe(true);
    expect(await page.locator('main a[href^="http"]').count()).toBe(1);

    await shoot(page, 'download');
    await expectAccessible(page);

    // Following the badge opens the store in a new tab (the store itself is stubbed).
    await context.route(`${new URL(playStoreUrl).origin}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>store</title>' }));
    const [popup] = await Promise.all([context.waitForEvent('page'), play.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(playStoreUrl);
    expect(page.url()).toMatch(/\/download-section$/);
  });
});
