import { describe, expect } from 'vitest';
import { PRIVACY, TERMS } from '../src/contract/legal.js';
import { expectAccessible, expectNoOverflow, it, PHONE, shoot } from './harness.js';

const footer = (page: import('playwright-core').Page) => page.getByRole('navigation', { name: 'Site' });

describe('/terms and /privacy', () => {
  it.for([
    ['/terms', TERMS, 'terms'],
    ['/privacy', PRIVACY, 'privacy'],
  ] as const)('%s loads directly with its title and every section, at 390 px without overflow', async ([path, text, shot], { open }) => {
    const { page } = await open({ viewport: PHONE });
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { name: text.heading, level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe(`${text.title} · Audition`);
    for (const section of text.sections) expect(await page.getByRole('heading', { name: section.heading, level: 2 }).isVisible()).toBe(true);
    await expectNoOverflow(page);
    await shoot(page, shot);
    await expectAccessible(page);
  });

  it('the privacy page names what is stored: profile, media, payments, messages, applications', async ({ open }) => {
    const { page } = await open();
    await page.goto('/privacy');
    const body = (await page.getByRole('main').textContent()) ?? '';
    for (const word of ['profile', 'photos, videos and audio', 'payment', 'Messages', 'apply', 'password']) expect(body).toContain(word);
  });
});

describe('the footer', () => {
  it.for([['/'], ['/studio'], ['/jobs'], ['/login'], ['/signup'], ['/no-such-page']] as const)('on %s links Terms, Privacy Policy and Contact us', async ([path], { open }) => {
    const { page } = await open({ viewport: PHONE });
    await page.goto(path);
    const links = footer(page).getByRole('link');
    await links.first().waitFor();
    expect(await links.evaluateAll((all) => all.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([
      ['Terms', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['Contact us', '/contact'],
    ]);
    await expectNoOverflow(page);
  });

  it('leads from the footer to /privacy and /terms', async ({ open }) => {
    const { page } = await open();
    await page.goto('/');
    await footer(page).getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy');
    await footer(page).getByRole('link', { name: 'Terms' }).click();
    await page.waitForURL('**/terms');
  });

  it.for([['/signup'], ['/studio-signup']] as const)('%s says "By signing up you agree to the Terms and the Privacy Policy" with links', async ([path], { open }) => {
    const { page } = await open({ viewport: PHONE });
    await page.goto(path);
    const note = page.getByTestId('signup-terms');
    await note.waitFor();
    expect((await note.textContent())?.replace(/\s+/g, ' ')).toBe('By signing up you agree to the Terms and the Privacy Policy.');
    expect(await note.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(await note.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    await shoot(page, path === '/signup' ? 'signup-terms' : 'studio-signup-terms');
  });
});
