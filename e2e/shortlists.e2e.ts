/**
 * /dashboard/shortlists (docs/talent.md): a studio builds a list from talent search, sees its
 * members with picture, profession and rating, opens one, removes one, renames the list and
 * deletes it; a performer is refused the screen.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { MSG } from '../src/contract/messages.js';
import type { ShortlistsAnswer } from '../src/contract/talent.js';
import { SCREEN_MSG } from '../src/contract/screen-messages.js';
import { TALENT_MSG } from '../src/contract/talent-messages.js';
import { apiAs } from './application-data.js';
import {
  baseUrl,
  createStudio,
  createUser,
  DESKTOP,
  expectAccessible,
  expectFieldProblem,
  expectNoOverflow,
  it,
  PHONE,
  shoot,
  toastTexts,
} from './harness.js';
import { createPerformer, setPicture } from './talent-data.js';

describe('/dashboard/shortlists', () => {
  it('a studio builds a list from talent search, opens and removes members, renames the list and deletes it', async ({ open }) => {
    const tag = randomBytes(3).toString('hex');
    const mira = await createPerformer({ fname: `Mira Singer ${tag}`, location: 'Pune', gender: 'Female' }, { category: 'Singer' });
    const ravi = await createPerformer({ fname: `Ravi Actor ${tag}`, location: 'Delhi' }, { category: 'Actor' });
    const picture = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#0ea5e9' } }).png().toBuffer();
    await setPicture(mira, { name: 'mira.png', type: 'image/png', buffer: picture });
    const studio = await createStudio();
    await apiAs('PUT', `/api/studio/talent/${mira._id}/review`, studio.token, { rating: 4, note: 'Clear top notes' });
    const listName = `Callbacks ${tag}`;

    const { page } = await open({ as: studio });

    // An account without lists is told what to do next.
    await page.goto('/dashboard/shortlists');
    await expect.poll(() => page.title()).toBe(`${TALENT_MSG.shortlistsTitle} · Audition`);
    const empty = page.locator('.shortlists-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toContain(TALENT_MSG.noShortlists);
    expect(await empty.getByRole('link', { name: TALENT_MSG.searchTitle }).getAttribute('href')).toBe('/dashboard/talent');

    // The list is built from talent search: the first one is named on the spot.
    await page.goto(`/dashboard/talent?q=${tag}`);
    const miraCard = page.locator('.talent-card', { hasText: mira.fname });
    const raviCard = page.locator('.talent-card', { hasText: ravi.fname });
    await miraCard.getByLabel(TALENT_MSG.shortlistName).fill(listName);
    await miraCard.getByRole('button', { name: TALENT_MSG.addToShortlist }).click();
    await expect.poll(() => toastTexts(page)).toContain(TALENT_MSG.added(listName));
    await raviCard.getByLabel(TALENT_MSG.chooseShortlist, { exact: true }).waitFor();
    await raviCard.getByRole('button', { name: TALENT_MSG.addToShortlist }).click();
    await expect.poll(() => raviCard.getByRole('button', { name: TALENT_MSG.addToShortlist }).isDisabled()).toBe(true);

    // Members with picture, profession and the studio's rating.
    await page.goto('/dashboard/shortlists');
    const list = page.getByRole('region', { name: `${listName} (2)` });
    await list.waitFor();
    const miraMember = list.locator('.talent-card', { hasText: mira.fname });
    const raviMember = list.locator('.talent-card', { hasText: ravi.fname });
    await expect.poll(() => miraMember.locator('img.talent-pic').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
    expect(await miraMember.textContent()).toContain('Singer');
    expect(await miraMember.locator('.talent-rating').getAttribute('aria-label')).toBe(`${TALENT_MSG.yourRating}: ${TALENT_MSG.stars(4)}`);
    expect(await raviMember.textContent()).toContain('Actor');
    expect(await raviMember.locator('.talent-rating').textContent()).toBe(TALENT_MSG.notRated);
    await shoot(page, 'shortlists');
    await expectAccessible(page);
    await expectNoOverflow(page, PHONE);
    await page.setViewportSize(DESKTOP);

    // Open a member's portfolio, and come back.
    await miraMember.getByRole('link', { name: TALENT_MSG.openPortfolio }).click();
    await page.getByRole('heading', { level: 1, name: mira.fname }).waitFor();
    await page.goBack();
    await list.waitFor();

    // Remove one member.
    await raviMember.getByRole('button', { name: `${TALENT_MSG.remove} ${ravi.fname}` }).click();
    await page.getByRole('region', { name: `${listName} (1)` }).waitFor();
    expect(await page.locator('.talent-card', { hasText: ravi.fname }).count()).toBe(0);

    // Rename in place: an empty name is refused at the field, then the new name is kept.
    await page.getByRole('button', { name: TALENT_MSG.renameShortlistOf(listName) }).click();
    const nameField = page.getByLabel(TALENT_MSG.shortlistName, { exact: true });
    expect(await nameField.inputValue()).toBe(listName);
    await nameField.fill('   ');
    await page.getByRole('button', { name: TALENT_MSG.saveShortlistName }).click();
    const fieldId = (await nameField.getAttribute('id'))!;
    await expect.poll(() => nameField.getAttribute('aria-invalid')).toBe('true');
    await expectFieldProblem(page, fieldId, MSG.required(TALENT_MSG.shortlistName));
    await expectNoOverflow(page, PHONE);
    await shoot(page, 'shortlists-rename');
    await page.setViewportSize(DESKTOP);
    const newName = `Final round ${tag}`;
    await nameField.fill(newName);
    await page.getByRole('button', { name: TALENT_MSG.saveShortlistName }).click();
    const renamed = page.getByRole('region', { name: `${newName} (1)` });
    await renamed.waitFor();
    expect(await nameField.count()).toBe(0);
    const afterRename = await apiAs<ShortlistsAnswer>('GET', '/api/studio/shortlists', studio.token);
    expect(afterRename.shortlists.map((l) => [l.name, l.members.map((m) => m.performer._id)])).toEqual([[newName, [mira._id]]]);

    // Delete asks first: Cancel keeps the list, the confirming button deletes it.
    await page.getByRole('button', { name: TALENT_MSG.deleteShortlistOf(newName) }).click();
    const dialog = page.getByRole('dialog', { name: TALENT_MSG.deleteShortlistTitle(newName) });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(TALENT_MSG.deleteShortlistMessage(1));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await renamed.isVisible()).toBe(true);
    await page.getByRole('button', { name: TALENT_MSG.deleteShortlistOf(newName) }).click();
    await dialog.getByRole('button', { name: TALENT_MSG.deleteShortlistConfirm }).click();
    await expect.poll(() => toastTexts(page)).toContain(TALENT_MSG.shortlistDeleted(newName));
    await empty.waitFor();
    expect(await renamed.count()).toBe(0);
    expect((await apiAs<ShortlistsAnswer>('GET', '/api/studio/shortlists', studio.token)).shortlists).toEqual([]);
    // The performer and the studio's rating stay.
    expect(await apiAs('GET', `/api/talent/${mira._id}`, studio.token)).toMatchObject({ review: { rating: 4 } });
    await shoot(page, 'shortlists-empty');
    await expectAccessible(page);
    await expectNoOverflow(page, PHONE);
  }, 180_000);

  it('a performer is refused the screen and the calls', async ({ open }) => {
    const performer = await createUser();
    const { page } = await open({ viewport: PHONE, as: performer, path: '/dashboard/shortlists' });
    // The page stays and says it is a studio's (docs/screens.md, "Wrong place, said").
    await page.getByRole('heading', { name: SCREEN_MSG.wrongPlace.performerOnStudioPage.title }).waitFor();
    expect(await page.getByRole('heading', { name: TALENT_MSG.shortlistsTitle }).count()).toBe(0);
    const res = await fetch(`${baseUrl()}/api/studio/shortlists`, { headers: { 'x-auth-token': performer.token } });
    expect(res.status).toBe(403);
    expect(await res.json()).toHaveProperty('msg');
  }, 120_000);
});
