import { describe, expect } from 'vitest';
import { APPEARANCE_LIMITS } from '../src/contract/field-rules.js';
import { MSG } from '../src/contract/messages.js';
import { SCREEN_MSG } from '../src/contract/screen-messages.js';
import { UNITS_TEXT } from '../src/contract/units.js';
import { baseUrl, createUser, focusedName, expectAccessible, expectNoOverflow, it, PHONE, shoot, toastTexts } from './harness.js';

const values = { Age: '27', Height: '168', Weight: '58', 'Body Type': 'Athletic', 'Hair Color': 'Black', 'Eye Color': 'Brown' };
/** As /apperance shows them: height and weight with both units (issue 49 item 10). */
const shown = { ...values, Height: '168 cm (5′6″)', Weight: '58 kg (128 lb)' };

describe('/apperance and /editapperance', () => {
  // Issue 49, item 11: an age of "abc" was saved with "Saved"; now it is refused at the field, which takes the focus.
  for (const [width, viewport] of [[390, PHONE], [1280, { width: 1280, height: 800 }]] as const) {
    it(`refuses age "abc" at the field and puts focus there (${width})`, async ({ open }) => {
      const user = await createUser();
      const { page } = await open({ viewport, as: user, path: '/editapperance' });
      const age = page.getByLabel('Age', { exact: true });
      await age.waitFor();
      await age.fill('abc');
      await page.getByRole('button', { name: 'Save appearance' }).click();
      await expect.poll(() => page.locator('#age-error').textContent()).toBe(MSG.ageInvalid);
      expect(await age.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('age');
      expect(page.url()).toContain('/editapperance');
      expect(await toastTexts(page)).not.toContain(SCREEN_MSG.saved);
      await shoot(page, `appearance-age-abc-${width}`);
    });

    it(`after "Save appearance" focus is on the page's heading, not the body (issue 49 item 9, ${width})`, async ({ open }) => {
      const user = await createUser();
      const { page } = await open({ viewport, as: user, path: '/editapperance' });
      const age = page.getByLabel('Age', { exact: true });
      await age.waitFor();
      await age.fill('31');
      await age.press('Enter');
      await page.waitForURL('**/apperance');
      await expect.poll(() => toastTexts(page)).toContain(SCREEN_MSG.saved);
      await expect.poll(() => focusedName(page)).toMatch(/^h1/);
      await shoot(page, `appearance-saved-focus-${width}`);
    });
  }

  // Issue 49, item 10: height and weight are numbers with units, entered here only, shown one way everywhere.
  for (const [width, viewport] of [[390, PHONE], [1280, { width: 1280, height: 800 }]] as const) {
    it(`enters height in feet and inches and weight in lb, refuses 300 cm at the field, and shows both units (${width})`, async ({ open }) => {
      const user = await createUser();
      const { page } = await open({ viewport, as: user, path: '/editapperance' });
      const height = page.getByLabel('Height', { exact: true });
      await height.waitFor();
      await height.fill('300');
      await page.getByRole('button', { name: 'Save appearance' }).click();
      await expect.poll(() => page.locator('#height-error').textContent()).toBe(UNITS_TEXT.heightRange);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('height');
      expect(page.url()).toContain('/editapperance');

      // 178 cm, then feet and inches: the same height converted.
      await height.fill('178');
      await page.getByLabel(UNITS_TEXT.heightUnit).selectOption('ftin');
      expect(await page.getByLabel(UNITS_TEXT.feet).inputValue()).toBe('5');
      expect(await page.getByLabel(UNITS_TEXT.inches).inputValue()).toBe('10');
      await page.getByLabel('Weight', { exact: true }).fill('70');
      await page.getByLabel(UNITS_TEXT.weightUnit).selectOption('lb');
      expect(await page.getByLabel('Weight', { exact: true }).inputValue()).toBe('154');
      await expectNoOverflow(page);
      await shoot(page, `edit-appearance-units-${width}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Save appearance' }).click();

      await page.waitForURL('**/apperance');
      const rows = page.locator('.details-list');
      await expect.poll(() => rows.textContent()).toContain('Height178 cm (5′10″)');
      expect(await rows.textContent()).toContain('Weight70 kg (154 lb)');
      await shoot(page, `appearance-units-${width}`);
      // The spec's free texts stay in step, in the units chosen.
      const data = (await (await fetch(`${baseUrl()}/api/audition/getUserData`, { headers: { 'x-auth-token': user.token } })).json()) as { height: string; weight: string };
      expect(data).toMatchObject({ height: `5'10"`, weight: '154 lb' });

      // Opened again: the units as saved; the résumé shows them and has no second editor.
      await page.goto('/editapperance');
      await expect.poll(() => page.getByLabel(UNITS_TEXT.heightUnit).inputValue()).toBe('ftin');
      expect(await page.getByLabel(UNITS_TEXT.feet).inputValue()).toBe('5');
      await page.goto('/editResume');
      await expect.poll(() => page.getByTestId('resume-height-weight').textContent()).toContain('178 cm (5′10″)');
      expect(await page.getByTestId('resume-height-weight').textContent()).toContain('70 kg (154 lb)');
    });
  }

  it('edits the appearance and shows the rows on /apperance', async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ as: user, path: '/apperance' });
    await page.locator('.details-list').waitFor();
    await shoot(page, 'appearance-empty');
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL('**/editapperance');
    await page.getByLabel('Age', { exact: true }).waitFor();
    for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
    await shoot(page, 'edit-appearance');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save appearance' }).click();

    await page.waitForURL('**/apperance');
    const rows = page.locator('.details-list');
    await expect.poll(() => rows.textContent()).toContain('168 cm (5′6″)');
    for (const [label, value] of Object.entries(shown)) expect(await rows.textContent()).toContain(`${label}${value}`);
    await shoot(page, 'appearance');
    await expectAccessible(page);

    // Prefilled from the saved data on the next visit.
    await page.goto('/editapperance');
    await expect.poll(() => page.getByLabel('Eye Color').inputValue()).toBe('Brown');
  });

  it('shows a toast when the save fails and ends the overlay', async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ as: user });
    await page.route('**/api/audition/updateAppearance', (route) => route.abort('connectionrefused'));
    await page.goto('/editapperance');
    await page.getByLabel('Age', { exact: true }).fill('31');
    await page.getByRole('button', { name: 'Save appearance' }).click();
    await expect.poll(async () => (await toastTexts(page)).length).toBeGreaterThan(0);
    expect(await page.getByTestId('busy-overlay').count()).toBe(0);
    expect(await page.getByLabel('Age', { exact: true }).inputValue()).toBe('31');
  });

  it('marks every wrong field at once under the field, then says "Saved" after the save', async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ viewport: PHONE, as: user, path: '/editapperance' });
    await page.getByLabel('Age', { exact: true }).waitFor();
    await page.getByLabel('Age', { exact: true }).fill('9'.repeat(APPEARANCE_LIMITS.age + 1));
    await page.getByLabel('Hair Color', { exact: true }).fill('h'.repeat(APPEARANCE_LIMITS.hairColor + 1));
    await page.getByRole('button', { name: 'Save appearance' }).click();
    for (const [id, message] of [
      ['age', MSG.tooLong('Age', APPEARANCE_LIMITS.age)],
      ['hairColor', MSG.tooLong('Hair Color', APPEARANCE_LIMITS.hairColor)],
    ] as const) {
      expect(await page.locator(`#${id}`).getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator(`#${id}`).getAttribute('aria-describedby')).toBe(`${id}-error`);
      expect(await page.locator(`#${id}-error`).textContent()).toBe(message);
    }
    expect(await page.locator('#height').getAttribute('aria-invalid')).toBe('false');
    expect(await toastTexts(page)).toContain(SCREEN_MSG.checkFields(2));
    await expectNoOverflow(page);
    await shoot(page, 'edit-appearance-errors');
    await expectAccessible(page);

    await page.getByLabel('Age', { exact: true }).fill('31');
    await page.getByLabel('Hair Color', { exact: true }).fill('Auburn');
    await page.getByRole('button', { name: 'Save appearance' }).click();
    await page.waitForURL('**/apperance');
    await expect.poll(() => toastTexts(page)).toContain(SCREEN_MSG.saved);
    await expect.poll(() => page.locator('.details-list').textContent()).toContain('Auburn');
  });
});
