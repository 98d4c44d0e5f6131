import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUME_MSG } from '../src/contract/resume-options.js';
import { TALENT_MSG } from '../src/contract/talent-messages.js';
import { createStudio, createUser, expectAccessible, launchBrowser, logInAs, logInAsStudio, openPage, shoot, SLOW_TEST } from './harness.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

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
    async () => {
      const user = await createUser();
      const { page, context } = await openPage(browser);
      await logInAs(page, user);
      await page.goto('/editResume');
      await page.getByRole('heading', { name: RESUME_MSG.editResume }).waitFor();

      for (const [i, [production, role]] of credits.entries()) {
        await page.getByRole('button', { name: RESUME_MSG.addCredit }).click();
        const credit = page.getByTestId('credit').nth(i);
        await credit.getByLabel('Production').fill(production!);
        await credit.getByLabel('Role').fill(role!);
        await credit.getByLabel('Year').fill(String(2015 + i));
      }
      // The last credit moved to the top, the fourth removed.
      await page.getByRole('button', { name: 'Move credit 5 up' }).click();
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
      await page.getByLabel('Height (cm)').fill('172');
      await shoot(page, 'edit-resume');
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Save résumé' }).click();
      await page.locator('.toast-success', { hasText: RESUME_MSG.saved }).waitFor();

      const saved = (await (await fetch(`${page.url().replace(/\/editResume.*$/, '')}/api/audition/resume`, { headers: { 'x-auth-token': user.token } })).json()) as {
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
      expect(file.suggestedFilename()).toBe('comp-card.pdf');
      await context.close();

      const studio = await createStudio();
      const studioPage = await openPage(browser);
      await logInAsStudio(studioPage.page, studio);
      await studioPage.page.goto('/dashboard/talent');
      await studioPage.page.getByLabel('Skill').fill('KATHAKALÍ');
      await studioPage.page.getByRole('button', { name: TALENT_MSG.search }).click();
      await studioPage.page.locator('.talent-card', { hasText: user.fname }).waitFor();
      await shoot(studioPage.page, 'talent-search-by-skill');
      await studioPage.context.close();
    },
    SLOW_TEST,
  );
});
