/** /jobs: the board's filters live in the URL and survive a reload; more jobs load on scroll. */
import { describe, expect } from 'vitest';
import { JOB_GENDERS, JOB_LIMITS, JOB_PROFESSIONS } from '../src/contract/jobs-limits.js';
import { MARKET_MSG } from '../src/contract/marketplace-messages.js';
import { CAST_MSG } from '../src/contract/casting-messages.js';
import { TALENT_MSG } from '../src/contract/talent-messages.js';
import { postJob } from './application-data.js';
import { createPerformer } from './talent-data.js';
import { baseUrl, createStudio, expectAccessible, expectNoOverflow, it, layoutShiftOf, MAX_LAYOUT_SHIFT, PHONE, shoot } from './harness.js';

describe('/jobs/{id}', () => {
  // Issue 49 item 21: a role's skills and languages were one run of names.
  for (const [width, viewport] of [[390, PHONE], [1280, { width: 1280, height: 800 }]] as const) {
    it(`shows a role's skills and languages as two labelled lists (${width})`, async ({ open }) => {
      const studio = await createStudio();
      const job = await postJob(studio, { title: `Dance drama ${Date.now()}`, roles: [{ name: 'Lead dancer', skills: ['Kathak', 'Bharatanatyam'], languages: ['Hindi', 'Tamil'] }] });
      const { page } = await open({ viewport, path: `/jobs/${job._id}` });
      const wants = page.locator('.role-wants');
      await wants.waitFor();
      const pairs = await wants.locator('div').evaluateAll((rows) => rows.map((r) => [r.querySelector('dt')?.textContent, r.querySelector('dd')?.textContent]));
      expect(pairs).toEqual([[CAST_MSG.roleSkills, 'Kathak, Bharatanatyam'], [CAST_MSG.roleLanguages, 'Hindi, Tamil']]);
      await expectNoOverflow(page);
      await shoot(page, `job-role-skills-languages-${width}`);
    });
  }
});

describe('/jobs', () => {
  it('keeps its filters in the URL across a reload, and loads the next page on scroll', async ({ open }) => {
    const { page } = await open({ viewport: PHONE });
    await page.goto('/jobs');
    await expect.poll(() => page.locator('.job-card').count()).toBe(JOB_LIMITS.boardPage);
    await expect.poll(() => page.title()).toBe('Jobs · Audition');
    await page.locator('.job-card').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await expect.poll(() => page.locator('.job-card').count()).toBeGreaterThan(JOB_LIMITS.boardPage);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The filters' words, written once in MARKET_MSG, read as they always have.
    const form = page.getByRole('search', { name: 'Filter jobs' });
    expect(await form.locator('label').allTextContents()).toEqual(['Search', 'Profession', 'Gender', 'Location', ` ${CAST_MSG.paidOnly}`]);
    expect(await page.getByLabel('Profession').locator('option').allTextContents()).toEqual(['All', ...JOB_PROFESSIONS.filter((p) => p !== 'Any')]);
    expect(await page.getByLabel('Gender').locator('option').allTextContents()).toEqual(['All', ...JOB_GENDERS.filter((g) => g !== 'Any')]);
    expect(await page.getByLabel('Gender').inputValue()).toBe('');
    await page.getByLabel('Profession').selectOption('Actor');
    await page.getByLabel('Location').fill('mumbai');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?profession=Actor&location=mumbai');
    await page.reload();
    await expect.poll(() => page.getByLabel('Location').inputValue()).toBe('mumbai');
    expect(await page.getByLabel('Profession').inputValue()).toBe('Actor');
    await expect.poll(() => page.locator('.job-card').count()).toBeGreaterThan(0);
    for (const text of await page.locator('.job-card .muted').allTextContents()) expect(text.toLowerCase()).toContain('mumbai');
    await expectAccessible(page);
  });

  it('shows its filters before "Recommended for you", says how many jobs it found, and says none found above the recommendations, at 390 px (issue 36 item 10)', async ({ open }) => {
    // A performer a job fits, so "Recommended for you" has a card.
    await postJob(await createStudio(), { title: 'Dancer for a board with nothing found', profession: 'Dancer' });
    const performer = await createPerformer({ gender: 'Female' }, { category: 'Dancer' });
    const { page } = await open({ viewport: PHONE, as: performer, path: '/jobs' });
    await page.getByRole('heading', { name: 'Recommended for you' }).waitFor();
    const filtersFirst = await page.evaluate(() => {
      const form = document.querySelector('form[role="search"]');
      const reco = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Recommended for you');
      return Boolean(form && reco && form.compareDocumentPosition(reco) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(filtersFirst).toBe(true);
    await expect.poll(() => page.getByTestId('job-count').textContent()).toBe(MARKET_MSG.jobCount(JOB_LIMITS.boardPage, true));
    await page.getByLabel('Search').fill('zzz-no-such-job-anywhere');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(MARKET_MSG.noJobs).waitFor();
    expect(await page.getByTestId('job-count').count()).toBe(0);
    // Nothing found is said under the filters, before any recommended card (which would read as a result), with the way on.
    const empty = page.getByTestId('no-jobs');
    const firstCard = page.getByRole('region', { name: 'Recommended for you' }).locator('.job-card').first();
    await firstCard.waitFor();
    const [emptyBox, cardBox, filtersBox] = await Promise.all([empty.boundingBox(), firstCard.boundingBox(), page.getByRole('search').boundingBox()]);
    expect(emptyBox!.y).toBeGreaterThan(filtersBox!.y + filtersBox!.height - 1);
    expect(emptyBox!.y + emptyBox!.height).toBeLessThan(cardBox!.y);
    await shoot(page, 'firstuse-jobs-filters');
    await expectAccessible(page);
    // By the keyboard: the link goes with the empty state, and focus must not fall to the body.
    await empty.getByRole('link', { name: TALENT_MSG.clearFilters }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? document.activeElement?.tagName)).toBe('q');
    expect(await page.getByLabel('Search').inputValue()).toBe('');
    await expect.poll(() => page.getByTestId('job-count').count()).toBe(1);
    expect(await empty.count()).toBe(0);
  });
});

describe('/jobs and /jobs/{id} loading', () => {
  it('neither page shifts while its code and data arrive (390 px, Lighthouse CLS under 0.05)', async ({ open }) => {
    const board = await layoutShiftOf(open, '/jobs');
    expect(board.value, `moved on /jobs: ${board.sources.join(', ')}`).toBeLessThan(MAX_LAYOUT_SHIFT);
    const { jobs } = (await (await fetch(`${baseUrl()}/api/jobs`)).json()) as { jobs: { _id: string }[] };
    const job = await layoutShiftOf(open, `/jobs/${jobs[0]!._id}`);
    expect(job.value, `moved on /jobs/{id}: ${job.sources.join(', ')}`).toBeLessThan(MAX_LAYOUT_SHIFT);
  });
});

/** The board's first `pages` pages. */
async function boardJobs(pages: number) {
  const jobs: { _id: string; images: string[] }[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < pages; i += 1) {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const page = (await (await fetch(`${baseUrl()}/api/jobs${query}`)).json()) as { jobs: typeof jobs; nextCursor: string | null };
    jobs.push(...page.jobs);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return jobs;
}

describe('/jobs/{id} images', () => {
  it('the gallery keeps its space, loads the first image at once and the rest when near, each from its thumbnail on a phone (390 px)', async ({ open }) => {
    const jobs = await boardJobs(5);
    // A demo job (its images are the demo data's, with thumbnails): other specs sharing this app
    // post jobs of their own, with images of other sizes, and close them while this one runs.
    const job = jobs.find((j) => j.images.length > 1 && j.images.every((src) => src.startsWith('/demo/job-')));
    if (!job) throw new Error('no demo job with two images on the board');
    const { page } = await open({ viewport: PHONE });
    await page.goto(`/jobs/${job._id}`);
    const images = page.locator('.job-gallery img');
    await expect.poll(() => images.count()).toBe(job.images.length);
    const first = images.first();
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const seen = await images.evaluateAll((all: HTMLImageElement[]) => all.map((img) => ({ loading: img.loading, priority: img.fetchPriority, width: img.getAttribute('width'), height: img.getAttribute('height'), srcset: img.srcset })));
    expect(seen[0]).toMatchObject({ loading: 'eager', priority: 'high', width: '640', height: '480' });
    for (const later of seen.slice(1)) expect(later.loading).toBe('lazy');
    for (const s of seen) expect(s.srcset).toMatch(/\.thumb\.webp 480w, .+ 1200w$/);
    // A 390 px slot needs no more than the 480 px thumbnail.
    expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.thumb\.webp$/);
    const box = await first.boundingBox();
    expect(Math.round((box!.width / box!.height) * 3)).toBe(4);
    await shoot(page, 'job-gallery');
  });
});
