import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { MSG } from '../src/contract/messages.js';
import { SCREEN_MSG } from '../src/contract/screen-messages.js';
import { AVAILABILITY_MSG } from '../src/contract/availability.js';
import { mkdir } from 'node:fs/promises';
import { createUser, expectAccessible, expectNoOverflow, it, logInAs, PHONE, shoot, toastTexts, screenshotDir } from './harness.js';

/** The id of what has the keyboard's focus. */
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('/profile', () => {
  it.for([
    ['390', PHONE],
    ['1280', { width: 1280, height: 800 }],
  ] as const)('edits unavailable days with native date inputs at %s px: add, error at the field, save, remove (OFFICE.md §4)', async ([width, viewport], { open }) => {
    const user = await createUser();
    const { page } = await open({ viewport, as: user, path: '/profile' });
    const editor = page.getByTestId('availability');
    await editor.getByText(AVAILABILITY_MSG.empty).waitFor();
    await editor.getByRole('button', { name: AVAILABILITY_MSG.add }).click();
    // Focus lands on the new row's first date.
    const from = page.locator('#availability-0-from');
    await expect.poll(() => focusedId(page)).toBe('availability-0-from');
    expect(await from.getAttribute('type')).toBe('date');
    await from.fill('2027-03-05');
    await page.locator('#availability-0-to').fill('2027-03-03');
    await page.locator('#availability-0-note').fill('Sister’s wedding');
    await editor.getByRole('button', { name: AVAILABILITY_MSG.save }).click();
    // The mistake shows at its field, which takes the focus.
    await editor.getByText(AVAILABILITY_MSG.order).waitFor();
    await expect.poll(() => focusedId(page)).toBe('availability-0-to');
    expect(await page.locator('#availability-0-to').getAttribute('aria-invalid')).toBe('true');
    await page.locator('#availability-0-to').fill('2027-03-07');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/audition/availability') && r.request().method() === 'PUT');
    await editor.getByRole('button', { name: AVAILABILITY_MSG.save }).click();
    expect((await saved).status()).toBe(200);
    const note = page.locator('#availability-saved');
    await note.waitFor();
    await expect.poll(() => focusedId(page)).toBe('availability-saved');
    await expectNoOverflow(page);
    await mkdir(screenshotDir, { recursive: true });
    await editor.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshotDir}/availability-editor-${width}.png`, fullPage: true });
    await page.reload();
    await page.locator('#availability-0-from').waitFor();
    expect(await page.locator('#availability-0-from').inputValue()).toBe('2027-03-05');
    expect(await page.locator('#availability-0-note').inputValue()).toBe('Sister’s wedding');
    await editor.getByRole('button', { name: /^Remove/ }).click();
    await expect.poll(() => focusedId(page)).toBe('availability-add');
    await editor.getByRole('button', { name: AVAILABILITY_MSG.save }).click();
    await editor.getByText(AVAILABILITY_MSG.empty).waitFor();
    await expectAccessible(page);
  });

  it('edits unavailable days with the keyboard alone at 390 px: Enter adds a row, dates typed, Tab to Save, Enter saves', async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ viewport: PHONE, as: user, path: '/profile' });
    const editor = page.getByTestId('availability');
    await editor.getByText(AVAILABILITY_MSG.empty).waitFor();
    await editor.getByRole('button', { name: AVAILABILITY_MSG.add }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedId(page)).toBe('availability-0-from');
    // A native date input takes its parts typed in order (month, day, year in en-US).
    await page.keyboard.type('03052027');
    // Tab on to the next field (a date input may hold the focus in its calendar button first).
    for (let i = 0; i < 4 && (await focusedId(page)) !== 'availability-0-to'; i++) await page.keyboard.press('Tab');
    expect(await focusedId(page)).toBe('availability-0-to');
    await page.keyboard.type('03072027');
    expect(await page.locator('#availability-0-from').inputValue()).toBe('2027-03-05');
    expect(await page.locator('#availability-0-to').inputValue()).toBe('2027-03-07');
    const saveButton = editor.getByRole('button', { name: AVAILABILITY_MSG.save });
    // Tab on until Save has the focus (the note, Remove and Add dates come first), then Enter.
    for (let i = 0; i < 8 && !(await saveButton.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await saveButton.evaluate((b) => b === document.activeElement)).toBe(true);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/audition/availability') && r.request().method() === 'PUT');
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect.poll(() => focusedId(page)).toBe('availability-saved');
  });

  it('invites a new performer to complete the profile form, whose defaults are not choices until saved once, at 390 px (issue 36 item 2)', async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ viewport: PHONE, as: user, path: '/profile' });
    const invite = page.getByTestId('profile-invite');
    await invite.waitFor();
    expect(await invite.textContent()).toContain(SCREEN_MSG.completeProfile);
    // The spec's defaults still show to the performer.
    await page.getByText('Male', { exact: true }).waitFor();
    await expectNoOverflow(page);
    await shoot(page, 'firstuse-profile-invite');
    await expectAccessible(page);
    await invite.getByRole('link', { name: SCREEN_MSG.completeProfileLink }).click();
    await page.waitForURL('**/editProfile');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.waitForURL('**/info');
    await page.goto('/profile');
    await page.getByRole('switch', { name: 'Profile visibility' }).waitFor();
    expect(await page.getByTestId('profile-invite').count()).toBe(0);
  });

  it('flips visibility and keeps it after a reload', async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ as: user, path: '/profile' });
    const toggle = page.getByRole('switch', { name: 'Profile visibility' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    expect(await page.getByTestId('visibility-text').textContent()).toBe('Your profile is public');
    await shoot(page, 'profile');
    await expectAccessible(page);

    const saved = page.waitForResponse('**/api/audition/updateBasicInfo');
    await toggle.click();
    expect(await page.getByTestId('visibility-text').textContent()).toBe('Your profile is private');
    expect((await saved).status()).toBe(200);
    await page.reload();
    await toggle.waitFor();
    await expect.poll(() => page.getByTestId('visibility-text').textContent()).toBe('Your profile is private');
    expect(await toggle.isChecked()).toBe(false);
  });

  it('moves the switch back with a toast when the server refuses', async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ viewport: { width: 390, height: 844 }, as: user });
    await page.route('**/api/audition/updateBasicInfo', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ msg: 'Try again in a moment' }) }),
    );
    await page.goto('/profile');
    const toggle = page.getByRole('switch', { name: 'Profile visibility' });
    await toggle.waitFor();
    await toggle.click();
    await expect.poll(() => toastTexts(page)).toContain('Try again in a moment');
    expect(await toggle.isChecked()).toBe(true);
    expect(await page.getByTestId('visibility-text').textContent()).toBe('Your profile is public');
  });

  it('logs out to /login when the server no longer accepts the stored token', async ({ open }) => {
    const user = await createUser();
    const { page } = await open();
    await logInAs(page, { ...user, token: `${user.token}tampered` });
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('sends a logged-out visit to /login', async ({ open }) => {
    const { page } = await open();
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('moves /info → /apperance → /media/photos → /profile on one cached profile: no full read, no loading text', async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ as: user });
    const firstRead = page.waitForResponse((r) => r.url().includes('/api/audition/getUserData') && r.status() === 200);
    await page.goto('/info');
    await firstRead;
    await page.getByRole('heading', { name: 'Basic Info' }).waitFor();
    await page.locator('.details-list').waitFor();

    // From here on: every full (200) read of getUserData is counted, and any loading text noticed.
    let fullReads = 0;
    page.on('response', (r) => {
      if (r.url().includes('/api/audition/getUserData') && r.status() === 200) fullReads += 1;
    });
    await page.evaluate((text) => {
      const seen: string[] = [];
      (window as unknown as { loadingSeen: string[] }).loadingSeen = seen;
      new MutationObserver((records) => {
        for (const record of records) {
          const nodes = record.type === 'characterData' ? [record.target] : [...record.addedNodes];
          if (nodes.some((n) => n.textContent?.includes(text))) seen.push(location.pathname);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, MSG.loading);

    await page.getByRole('navigation', { name: 'Profile', exact: true }).getByRole('link', { name: 'Appearance' }).click();
    await page.waitForURL('**/apperance');
    await page.getByRole('heading', { name: 'Appearance' }).waitFor();
    await page.locator('.details-list').waitFor();
    await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Media' }).click();
    await page.waitForURL('**/media/photos');
    await page.getByTestId('media-count').waitFor();
    await page.getByRole('link', { name: 'My profile' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('switch', { name: 'Profile visibility' }).waitFor();
    // The screen keeps polling with the ETag: an unchanged profile answers 304.
    await page.waitForResponse((r) => r.url().includes('/api/audition/getUserData') && r.status() === 304);

    expect(fullReads).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen)).toEqual([]);
    expect(await page.getByText(MSG.loading).count()).toBe(0);
  });
});
