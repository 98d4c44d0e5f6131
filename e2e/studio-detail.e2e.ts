import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { LIMITS } from '../src/contract/limits.js';
import { MSG } from '../src/contract/messages.js';
import { expectAccessible, it, layoutShiftOf, MAX_LAYOUT_SHIFT, PHONE, shoot } from './harness.js';
import { allStudios, jobsOf, studioNamed } from './studio-data.js';

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

describe('/studio-detail/{id}', () => {
  it('shows the banner, the 338 and 900 character cuts, the services, at most 3 jobs with 33-character texts, and the footer', async ({ open }) => {
    const studio = await studioNamed('Silver Reel Studios');
    const jobs = await jobsOf(studio);
    expect(studio.projectDesc.length).toBeGreaterThan(LIMITS.studioAboutChars);
    expect(jobs.length).toBeGreaterThan(LIMITS.studioJobsShown);

    const { page } = await open();
    await page.goto(`/studio-detail/${studio._id}`);
    await page.getByRole('heading', { name: studio.fname, level: 1 }).waitFor();
    expect(await text(page, 'studio-intro')).toBe(studio.projectDesc.slice(0, LIMITS.studioBannerChars));
    expect(await page.getByRole('heading', { name: 'About Us' }).isVisible()).toBe(true);
    expect(await text(page, 'studio-about')).toBe(studio.projectDesc.slice(0, LIMITS.studioAboutChars));
    for (const title of ['Open auditions', 'Casting for every screen', 'Fair and clear']) {
      expect(await page.getByRole('heading', { name: title }).isVisible()).toBe(true);
    }

    expect(await page.getByRole('heading', { name: 'Posted Jobs' }).isVisible()).toBe(true);
    const cards = page.getByTestId('job-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(LIMITS.studioJobsShown);
    for (let i = 0; i < LIMITS.studioJobsShown; i += 1) {
      const job = jobs[i]!;
      const card = cards.nth(i);
      expect(await card.getAttribute('href')).toBe('/download-section');
      expect(await card.locator('.studio-job-type').textContent()).toBe(job.jobType);
      expect(await card.getByTestId('job-description').textContent()).toBe(job.description.slice(0, LIMITS.jobCardChars));
      expect(await card.locator('img').getAttribute('src')).toBe(job.images[0]);
    }
    expect(await page.getByRole('contentinfo').textContent()).toMatch(/©\s*\d{4}/);
    await shoot(page, 'studio-detail');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Apply' }).click();
    await page.waitForURL('**/download-section');
    await page.goBack();
    await cards.first().click();
    await page.waitForURL('**/download-section');
  });

  it('loads by id on a reload and from a shared link', async ({ open }) => {
    const studio = await studioNamed('Charminar Pictures');
    const { page } = await open({ viewport: PHONE });
    await page.goto(`/studio-detail/${studio._id}`);
    await page.getByRole('heading', { name: studio.fname, level: 1 }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: studio.fname, level: 1 }).waitFor();
    expect(await text(page, 'studio-intro')).toBe(studio.projectDesc.slice(0, LIMITS.studioBannerChars));
  });

  it('shows a short description whole and says when no jobs are posted', async ({ open }) => {
    const studio = await studioNamed('Howrah Bridge Films');
    expect(studio.projectDesc.length).toBeLessThanOrEqual(LIMITS.studioBannerChars);
    expect(await jobsOf(studio)).toEqual([]);
    const { page } = await open();
    await page.goto(`/studio-detail/${studio._id}`);
    await page.getByText('No jobs posted yet. Check back soon.').waitFor();
    expect(await text(page, 'studio-intro')).toBe(studio.projectDesc);
    expect(await page.getByTestId('job-card').count()).toBe(0);
  });

  it.for(['0b6f7d7e-3c1a-4c53-9a4c-0d1e2f3a4b5c', 'not-a-studio'])('shows a real not-found state for %s', async (id, { open }) => {
    const { page } = await open();
    const res = await page.goto(`/studio-detail/${id}`);
    // The server says so too, so search engines drop the address.
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Studio not found' }).waitFor();
    expect(await page.getByText(MSG.studioNotFound).isVisible()).toBe(true);
    if (id === 'not-a-studio') {
      await shoot(page, 'studio-detail-not-found');
      await expectAccessible(page);
    }
    await page.getByRole('link', { name: 'See all studios' }).click();
    await page.waitForURL('**/studio');
  });
});

describe('/studio-detail/{id} loading', () => {
  it('does not shift while its code and data arrive (390 px, Lighthouse CLS under 0.05)', async ({ open }) => {
    const [studio] = await allStudios();
    const shift = await layoutShiftOf(open, `/studio-detail/${studio!._id}`);
    expect(shift.value, `moved: ${shift.sources.join(', ')}`).toBeLessThan(MAX_LAYOUT_SHIFT);
  });
});
