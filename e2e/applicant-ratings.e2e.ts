/**
 * The applicant card with a casting office (docs/team.md): each person's rating and the
 * average (ApplicantReviews), the caller's own rating in the form, and the timeline naming
 * who made each move ("Shortlisted by Asha Rao"). At 390 and 1280 wide.
 */
import { mkdir } from 'node:fs/promises';
import { describe, expect } from 'vitest';
import { APP_MSG } from '../src/contract/applications-messages.js';
import { personName } from '../src/contract/names.js';
import { WHO_MSG } from '../src/contract/who-did-what-texts.js';
import { addPhoto, apiAs, postJob } from './application-data.js';
import { buyPlan, createStudio, createUser, expectAccessible, expectNoOverflow, it, PHONE, DESKTOP, readMail, screenshotDir } from './harness.js';

describe('the applicant card names each person of the casting office', () => {
  it('shows each person’s rating and the average, the caller’s own in the form, and who moved the applicant', async ({ open }) => {
    const studio = await createStudio('Ratings Office');
    const job = await postJob(studio, { title: 'Lead in a ratings film' });
    const performer = await createUser();
    await buyPlan(performer, 'gold');
    const photo = await addPhoto(performer, '#3b82f6');
    const applied = await apiAs<{ _id: string }>('POST', `/api/jobs/${job._id}/apply`, performer.token, { note: 'Ready.', media: [photo] });

    // A casting member, through the invitation mail's link.
    const email = `asha-${Date.now()}@example.com`;
    await apiAs('POST', '/api/studio/members', studio.token, { email, role: 'casting' });
    const token = /\/join\/([A-Za-z0-9_-]+)/.exec((await readMail(email)).text)![1]!;
    await apiAs('POST', `/api/studio/join/${token}`, null, { name: 'Asha Rao', password: 'member password 1' });
    const asha = await apiAs<{ token: string }>('POST', '/api/audition/login', null, { email, password: 'member password 1' });
    await apiAs('PUT', `/api/studio/applications/${applied._id}/review`, asha.token, { rating: 4, note: 'Strong read' });
    await apiAs('POST', `/api/studio/applications/${applied._id}/status`, asha.token, { status: 'shortlisted' });

    const { page } = await open({ as: studio, path: `/dashboard/jobs/${job._id}/applicants` });
    await page.getByRole('button', { name: `${APP_MSG.open}: ${personName(performer.fname)}` }).click();
    const dialog = page.getByRole('dialog', { name: personName(performer.fname), exact: true });
    const reviews = dialog.getByRole('region', { name: WHO_MSG.reviewsTitle });
    await reviews.getByText(WHO_MSG.reviewLine('Asha Rao', 4)).waitFor();
    await reviews.getByText(WHO_MSG.ratingAverage(4, 1)).waitFor();
    await dialog.locator('.timeline').getByText(WHO_MSG.by('Shortlisted', 'Asha Rao')).waitFor();
    // The owner's own rating starts empty: Asha's is not the owner's.
    expect(await dialog.locator('#review-rating').inputValue()).toBe('');
    await dialog.locator('#review-rating').selectOption('2');
    await dialog.getByRole('button', { name: APP_MSG.saveReview }).click();
    await reviews.getByText(WHO_MSG.ratingAverage(3, 2)).waitFor();
    await reviews.getByText(WHO_MSG.reviewLine('Ratings Office', 2)).waitFor();
    // A rating alone is no note: the timeline names Asha's note only.
    expect(await dialog.locator('.timeline').innerText()).not.toContain(WHO_MSG.by(WHO_MSG.actionLabel('note'), 'Ratings Office'));
    await expectAccessible(page);

    await mkdir(screenshotDir, { recursive: true });
    for (const size of [PHONE, DESKTOP]) {
      await expectNoOverflow(page, size);
      await reviews.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${screenshotDir}/team-ratings-${size.width}.png` });
    }
  });
});
