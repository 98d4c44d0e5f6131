/**
 * Issue 49 item 21: on a phone the ✕ buttons looked like primary actions. Every ✕ is now the
 * one RemoveButton: no brand fill, a name saying what it removes, a focus ring, 44×44 px to
 * press at 390 px; a press removes its row and focus goes on from there, never to the body.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { CAST_MSG } from '../src/contract/casting-messages.js';
import { RESUME_MSG } from '../src/contract/resume-options.js';
import { createStudio, createUser, DESKTOP, expectNoOverflow, it, PHONE, shoot, SLOW_TEST } from './harness.js';

/** The brand colour a primary button is filled with (tokens.css --color-brand), as computed. */
const brand = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--color-brand)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });

const focusedLabel = (page: Page) =>
  page.evaluate(() => (document.activeElement === document.body || !document.activeElement ? 'BODY' : (document.activeElement.getAttribute('aria-label') ?? document.activeElement.textContent ?? '')));

async function expectQuietAndLarge(page: Page, button: Locator) {
  const look = await button.evaluate((el) => {
    const s = getComputedStyle(el);
    return { background: s.backgroundColor, border: s.borderColor, text: el.textContent?.trim() };
  });
  const primary = await brand(page);
  expect(look.text).toBe('✕');
  expect(look.background).not.toBe(primary);
  expect(look.border).not.toBe(primary);
  const box = (await button.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
}

describe('✕ remove buttons (issue 49 item 21)', () => {
  it('a résumé skill\'s ✕ at 390 px is quiet, named, 44 px, ringed on focus, and a press keeps focus in the list', async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ viewport: PHONE, as: user, path: '/editResume' });
    await page.getByRole('heading', { name: RESUME_MSG.editResume }).waitFor();
    for (const [i, name] of ['Dance', 'Singing'].entries()) {
      await page.getByRole('button', { name: RESUME_MSG.addSkill }).click();
      const skill = page.getByRole('combobox', { name: `Skill ${i + 1}` });
      await skill.fill(name);
      await skill.press('Escape');
    }
    const first = page.getByRole('button', { name: 'Remove skill 1', exact: true });
    await expectQuietAndLarge(page, first);
    // Its own size, not the row's full width (the row is one column at 390 px).
    expect((await first.boundingBox())!.width).toBeLessThanOrEqual(48);
    await page.getByRole('button', { name: 'Remove skill 2', exact: true }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const ring = await page.getByRole('button', { name: 'Remove skill 2', exact: true }).evaluate((el) => {
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await expectNoOverflow(page);
    await shoot(page, 'remove-buttons-resume-390');

    // The first skill removed: Singing is left, focus on the ✕ now in its place.
    await first.click();
    await expect.poll(() => page.getByRole('combobox', { name: /^Skill / }).count()).toBe(1);
    expect(await page.getByRole('combobox', { name: 'Skill 1' }).inputValue()).toBe('Singing');
    await expect.poll(() => focusedLabel(page)).toBe('Remove skill 1');
    // The last removed: focus goes on to a control of the section, not the body.
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('combobox', { name: /^Skill / }).count()).toBe(0);
    await expect.poll(() => focusedLabel(page)).not.toBe('BODY');

    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: RESUME_MSG.addSkill }).click();
    await page.getByRole('combobox', { name: 'Skill 1' }).fill('Dance');
    await page.getByRole('combobox', { name: 'Skill 1' }).press('Escape');
    await page.getByRole('button', { name: 'Remove skill 1', exact: true }).waitFor();
    await shoot(page, 'remove-buttons-resume-1280');
  }, SLOW_TEST);

  it('a role\'s ✕ in the job form at 390 px is quiet, names the role, and a press keeps focus off the body', async ({ open }) => {
    const studio = await createStudio();
    const { page } = await open({ viewport: PHONE, as: studio, path: '/dashboard/jobs/new' });
    await page.getByRole('button', { name: CAST_MSG.addRole }).click();
    await page.getByRole('button', { name: CAST_MSG.addRole }).click();
    const remove = page.getByRole('button', { name: new RegExp(`^${CAST_MSG.removeRole}: ${CAST_MSG.role} 2`) });
    await expectQuietAndLarge(page, remove);
    await expectNoOverflow(page);
    await shoot(page, 'remove-buttons-roles-390');
    const before = await page.getByRole('button', { name: new RegExp(`^${CAST_MSG.removeRole}:`) }).count();
    await remove.click();
    await expect.poll(() => page.getByRole('button', { name: new RegExp(`^${CAST_MSG.removeRole}:`) }).count()).toBe(before - 1);
    // Focus on the ✕ now in the removed role's place (useFocusWhenDrawn, after the render).
    await expect.poll(() => focusedLabel(page)).toMatch(new RegExp(`^${CAST_MSG.removeRole}: ${CAST_MSG.role} 2`));
    // The last role removed (its own ✕ leaves with it): focus on the form part still drawn.
    await page.getByRole('button', { name: new RegExp(`^${CAST_MSG.removeRole}: ${CAST_MSG.role} ${before - 1}`) }).click();
    await expect.poll(() => page.getByRole('button', { name: new RegExp(`^${CAST_MSG.removeRole}:`) }).count()).toBe(before - 2);
    await expect.poll(() => focusedLabel(page)).not.toBe('BODY');
    await page.setViewportSize(DESKTOP);
    await shoot(page, 'remove-buttons-roles-1280');
  }, SLOW_TEST);
});
