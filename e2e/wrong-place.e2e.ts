/**
 * A page the account cannot use says why and links where it belongs (docs/screens.md,
 * "Wrong place, said"): a performer on a studio's screen, a studio on a performer's, and a
 * logged-in account on the sign-up pages — not a silent redirect (issue 36 item 6).
 */
import { describe, expect } from 'vitest';
import { SCREEN_MSG } from '../src/contract/screen-messages.js';
import { createStudio, createUser, expectAccessible, expectNoOverflow, it, PHONE, shoot } from './harness.js';

describe('a page for the other kind of account', () => {
  it('tells a performer that /dashboard is for studios, and a logged-in performer that /signup is not for them, at 390 px', async ({ open }) => {
    const performer = await createUser();
    const { page } = await open({ viewport: PHONE, as: performer, path: '/dashboard' });
    const text = SCREEN_MSG.wrongPlace.performerOnStudioPage;
    await page.getByRole('heading', { name: text.title, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByText(text.why).waitFor();
    await expect.poll(() => page.title()).toBe(`${text.title} · Audition`);
    await expectNoOverflow(page);
    await shoot(page, 'firstuse-wrong-place');
    await expectAccessible(page);
    await page.getByRole('link', { name: text.link }).click();
    await page.waitForURL('**/jobs');

    await page.goto('/signup');
    await page.getByRole('heading', { name: SCREEN_MSG.wrongPlace.signedIn.title, level: 1 }).waitFor();
    expect(await page.getByLabel('Fullname').count()).toBe(0);
    expect(await page.getByRole('link', { name: SCREEN_MSG.wrongPlace.signedIn.link }).getAttribute('href')).toBe('/profile');
  });

  it('tells a studio that /profile is for performers and links to its dashboard', async ({ open }) => {
    const studio = await createStudio();
    const { page } = await open({ as: studio, path: '/profile' });
    const text = SCREEN_MSG.wrongPlace.studioOnPerformerPage;
    await page.getByRole('heading', { name: text.title, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.getByRole('link', { name: text.link }).click();
    await page.waitForURL('**/dashboard');
  });
});
