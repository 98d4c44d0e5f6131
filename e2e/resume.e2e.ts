import { describe, expect } from 'vitest';
import { readFile } from 'node:fs/promises';
import { RESUME_FORM, RESUME_MSG } from '../src/contract/resume-options.js';
import { TALENT_MSG } from '../src/contract/talent-messages.js';
import { createStudio, createUser, expectAccessible, it, shoot, SLOW_TEST } from './harness.js';

const credits = [
  ['Monsoon Letters', 'Mira'],
  ['City of Ash', 'Lead'],
  ['Hamlet', 'Ophelia'],
  ['Tea ad', 'Mother'],
  ['Night Bus', 'Conductor'],
];

describe('/editResume', () => {
  it(
    'fills a résumé with five credits, skills and languages, downloads the comp card, and a studio finds it by a skill in another case and accent',
    async ({ open }) => {
      const user = await createUser();
      const { page } = await open({ as: user, path: '/editResume' });
      await page.getByRole('heading', { name: RESUME_MSG.editResume }).waitFor();

      for (const [i, [production, role]] of credits.entries()) {
        await page.getByRole('button', { name: RESUME_MSG.addCredit }).click();
        const credit = page.getByTestId('credit').nth(i);
        await credit.getByLabel('Production').fill(production!);
        await credit.getByLabel('Role').fill(role!);
        await credit.getByLabel('Year').fill(String(2015 + i));
      }
      // The last credit moved to the top, focus staying on it at every step; the fourth removed.
      await page.getByRole('button', { name: 'Move credit 5 up' }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move credit 4 up');
      await page.getByRole('button', { name: 'Move credit 4 up' }).click();
      await page.getByRole('button', { name: 'Move credit 3 up' }).click();
      await page.getByRole('button', { name: 'Move credit 2 up' }).click();
      expect(await page.getByTestId('credit').first().getByLabel('Production').inputValue()).toBe('Night Bus');
      await page.getByRole('button', { name: 'Remove credit 5' }).click();
      expect(await page.getByTestId('credit').count()).toBe(4);
      await page.getByRole('button', { name: RESUME_MSG.addCredit }).click();
      const fifth = page.getByTestId('credit').nth(4);
      await fifth.getByLabel('Production').fill('Tea ad');
      await fifth.getByLabel('Role').fill('Mother');

      // Suggestions from the keyboard: "kathak" offers Kathak, then Kathakali; ArrowDown twice and Enter picks Kathakali.
      await page.getByRole('button', { name: RESUME_MSG.addSkill }).click();
      const skill = page.getByRole('combobox', { name: 'Skill 1' });
      await skill.fill('kathak');
      await page.getByRole('listbox', { name: 'Skill 1' }).getByRole('option', { name: 'Kathakali' }).waitFor();
      await skill.press('ArrowDown');
      await skill.press('ArrowDown');
      await skill.press('Enter');
      expect(await skill.inputValue()).toBe('Kathakali');
      await page.getByRole('button', { name: RESUME_MSG.addSkill }).click();
      const other = page.getByRole('combobox', { name: 'Skill 2' });
      await other.fill('Unicycling');
      await other.press('Escape');
      expect(await page.getByRole('listbox', { name: 'Skill 2' }).isHidden()).toBe(true);
      await page.getByRole('button', { name: RESUME_MSG.addLanguage }).click();
      await page.getByRole('combobox', { name: 'Language 1' }).fill('Hindi');
      await page.getByLabel(RESUME_FORM.agency).fill('Stellar Talent');
      await page.getByLabel(RESUME_FORM.chest).fill('86');

      // Every problem at its field at once, focus on the first: a credit without a role, a wrong e-mail.
      await page.getByTestId('credit').nth(1).getByLabel('Role').fill('');
      await page.getByLabel(RESUME_FORM.email).fill('not-an-address');
      await page.getByRole('button', { name: RESUME_FORM.save }).click();
      await page.locator('#resume-credits-1-role-error').waitFor();
      expect(await page.locator('#resume-representation-email-error').textContent()).toBe(RESUME_MSG.invalidEmail);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('resume-credits-1-role');
      await shoot(page, 'resume2-editor-errors');
      await page.getByTestId('credit').nth(1).getByLabel('Role').fill('Ophelia');
      await page.getByLabel(RESUME_FORM.email).fill('meera@stellar.example');
      await shoot(page, 'edit-resume');
      await expectAccessible(page);

      await page.getByRole('button', { name: RESUME_FORM.save }).click();
      await page.getByRole('status').filter({ hasText: RESUME_MSG.saved }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(RESUME_MSG.saved);
      // Height and weight are entered once, in Appearance (issue 49 item 10): the résumé shows them and links there.
      expect(await page.getByTestId('resume-height-weight').textContent()).toContain(`${RESUME_FORM.height}: ${RESUME_FORM.notGiven}`);
      expect(await page.getByRole('link', { name: RESUME_FORM.editInAppearance }).getAttribute('href')).toBe('/editapperance');
      expect(await page.getByLabel('Height (cm)').count()).toBe(0);

      const origin = page.url().replace(/\/editResume.*$/, '');
      const saved = (await (await fetch(`${origin}/api/audition/resume`, { headers: { 'x-auth-token': user.token } })).json()) as {
        credits: { production: string }[];
        skills: { name: string }[];
        languages: { name: string }[];
      };
      expect(saved.credits).toHaveLength(5);
      expect(saved.skills.map((s) => s.name)).toEqual(['Kathakali', 'Unicycling']);
      expect(saved.languages.map((l) => l.name)).toEqual(['Hindi']);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: RESUME_MSG.downloadCompCard }).click();
      const file = await download;
      // Saved under the performer's name (issue 49 item 21), not "comp-card.pdf".
      expect(file.suggestedFilename()).toBe(`${user.fname} comp-card.pdf`);
      const bytes = await readFile((await file.path())!);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const direct = await fetch(`${origin}/api/talent/${user._id}/comp-card.pdf`, { headers: { 'x-auth-token': user.token } });
      expect(direct.headers.get('content-type')).toBe('application/pdf');

      const studio = await createStudio();
      const studioPage = await open({ as: studio, path: '/dashboard/talent' });
      await studioPage.page.getByLabel('Skill').fill('KATHAKALÍ');
      await studioPage.page.getByRole('button', { name: TALENT_MSG.search }).click();
      await studioPage.page.locator('.talent-card', { hasText: user.fname }).waitFor();
      await shoot(studioPage.page, 'talent-search-by-skill');
      // The portfolio shows the résumé: credits by category, skills with their level.
      await studioPage.page.goto(`/talent/${user._id}`);
      const resume = studioPage.page.getByRole('region', { name: RESUME_MSG.resumeTitle });
      await resume.getByRole('heading', { name: RESUME_MSG.credits }).waitFor();
      expect(await resume.textContent()).toContain(RESUME_MSG.skillWords('Kathakali', 'good'));
      expect(await resume.textContent()).toContain('Stellar Talent');
      await shoot(studioPage.page, 'resume2-portfolio');
    },
    SLOW_TEST,
  );

  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    it(`"Add training", "Add skill" and "Add language" put focus on the new fields, at ${viewport.width} px (issue 49 item 18)`, async ({ open }) => {
      const user = await createUser();
      const { page } = await open({ viewport, as: user, path: '/editResume' });
      // The résumé card has its inner padding (issue 49 item 21).
      const padding = await page.locator('form.resume-editor').evaluate((f) => parseFloat(getComputedStyle(f).paddingLeft));
      expect(padding).toBeGreaterThanOrEqual(16);
      for (const [button, id] of [
        [RESUME_MSG.addCourse, 'resume-training-0-course'],
        [RESUME_MSG.addSkill, 'resume-skills-0-name'],
        [RESUME_MSG.addLanguage, 'resume-languages-0-name'],
      ] as const) {
        await page.getByRole('button', { name: button }).click();
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(id);
        // The name's suggestions open on focus; closed, they leave the next button free.
        await page.keyboard.press('Escape');
      }
    });
  }

  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    it(`height and weight read as two items, and the "Show chest, waist and hips" box sits beside its words, at ${viewport.width} px`, async ({ open }) => {
      const user = await createUser();
      const { page } = await open({ viewport, as: user, path: '/editResume' });
      const measures = page.getByTestId('resume-height-weight');
      await measures.waitFor();
      // Two items, not "Height: not givenWeight: not given" run together.
      const items = measures.getByRole('listitem');
      expect(await items.allTextContents()).toEqual([`${RESUME_FORM.height}: ${RESUME_FORM.notGiven}`, `${RESUME_FORM.weight}: ${RESUME_FORM.notGiven}`]);
      const [height, weight] = [(await items.nth(0).boundingBox())!, (await items.nth(1).boundingBox())!];
      expect(weight.x >= height.x + height.width + 8 || weight.y >= height.y + height.height).toBe(true);
      // The box and its words on one line: their vertical centres a few px apart.
      const box = page.getByRole('checkbox', { name: RESUME_MSG.measurementsPublic });
      const centres = await box.evaluate((input) => {
        const range = document.createRange();
        range.selectNodeContents(input.parentElement!);
        range.setStartAfter(input);
        const words = range.getBoundingClientRect();
        const b = input.getBoundingClientRect();
        return { box: b.top + b.height / 2, words: words.top + words.height / 2, boxRight: b.right, wordsLeft: words.left };
      });
      expect(Math.abs(centres.box - centres.words)).toBeLessThanOrEqual(4);
      expect(centres.wordsLeft).toBeGreaterThanOrEqual(centres.boxRight);
      // shoot takes both widths: once is enough.
      if (viewport.width === 390) await shoot(page, 'resume-measurements');
    });
  }
});
