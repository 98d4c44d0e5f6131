/** "Recommended for you" on / and /jobs: a logged-in performer sees fitting jobs with their reasons; a visitor sees none. */
import { randomBytes } from 'node:crypto';
import { describe, expect } from 'vitest';
import { TALENT_MSG } from '../src/contract/talent-messages.js';
import { createStudio, expectAccessible, expectNoOverflow, it, PHONE, shoot } from './harness.js';
import { createPerformer, postJob } from './talent-data.js';

describe('Recommended for you', () => {
  it('shows a performer fitting jobs with reasons on the home page and the board, and never one that excludes them', async ({ open }) => {
    const tag = randomBytes(3).toString('hex');
    const studio = await createStudio();
    await postJob(studio, { title: `Lead dancer ${tag}`, profession: 'Dancer', gender: 'Female', ageMin: 20, ageMax: 30, location: 'Mumbai' });
    await postJob(studio, { title: `Male lead ${tag}`, profession: 'Dancer', gender: 'Male' });
    const me = await createPerformer({ gender: 'Female', location: 'Mumbai', age: '24' }, { category: 'Dancer' });

    const { page } = await open({ as: me, path: '/' });
    const section = page.getByRole('region', { name: TALENT_MSG.recommendedTitle });
    const card = section.locator('.job-card', { hasText: `Lead dancer ${tag}` });
    await card.waitFor();
    expect(await card.locator('.recommended-reasons li').allTextContents()).toEqual(['Looking for a Dancer', 'For Female performers', 'In Mumbai', 'Ages 20–30']);
    expect(await section.getByText(`Male lead ${tag}`).count()).toBe(0);
    await shoot(page, 'home-recommended');
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await expectNoOverflow(page);

    await page.goto('/jobs');
    await page.getByRole('region', { name: TALENT_MSG.recommendedTitle }).getByText(`Lead dancer ${tag}`).waitFor();

    const visitor = await open();
    await visitor.page.goto('/');
    await visitor.page.getByRole('heading', { name: 'Welcome to Audition' }).waitFor();
    expect(await visitor.page.getByRole('region', { name: TALENT_MSG.recommendedTitle }).count()).toBe(0);
  }, 150_000);
});
