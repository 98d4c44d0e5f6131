/**
 * The form kit's paths (docs/architecture.md, "Web forms and data"), one test each: a server
 * refusal naming a `field` is shown at that field with focus on it; the page's own check shows
 * every problem at once and focuses the first; a FieldGroup's problem is what its fieldset is
 * described by (a screen reader announces it with the group) and the group takes the focus;
 * a refusal naming a field in a row of a list (`roles.0.skills`) is shown at that row's field.
 */
import { describe, expect } from 'vitest';
import { MARKET_MSG } from '../src/contract/marketplace-messages.js';
import { MSG } from '../src/contract/messages.js';
import { TALENT_MSG } from '../src/contract/talent-messages.js';
import { AVAILABILITY_MSG } from '../src/contract/availability-texts.js';
import { GUARDIAN_MSG } from '../src/contract/guardians-messages.js';
import { RESUME_MSG } from '../src/contract/resume-options.js';
import { LIMITS } from '../src/contract/limits.js';
import { APP_MSG } from '../src/contract/applications-messages.js';
import { CAST_MSG } from '../src/contract/casting-messages.js';
import { APPLICATION_LIMITS } from '../src/contract/applications-limits.js';
import { TAPE_LIMITS, TAPE_MSG } from '../src/contract/self-tapes-messages.js';
import { personName } from '../src/contract/names.js';
import { apiAs, postJob } from './application-data.js';
import { buyPlan, createStudio, createUser, expectFieldProblem, it, PHONE } from './harness.js';

const focusedId = (page: import('playwright-core').Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('the form kit', () => {
  it('shows a server refusal that names a field at that field, with focus on it (FormField)', async ({ open }) => {
    const studio = await createStudio();
    const { page } = await open({ viewport: PHONE, as: studio, path: '/dashboard/studio' });
    await page.locator('#location').waitFor();
    const refusal = MSG.tooLong('Location', 10);
    await page.route('**/api/studio/me', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ msg: refusal, field: 'location' }) }) : route.continue(),
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => focusedId(page)).toBe('location');
    await expectFieldProblem(page, 'location', refusal);
    // Typing in the field clears its problem.
    await page.locator('#location').fill('Mumbai');
    expect(await page.locator('#location').getAttribute('aria-invalid')).toBe('false');
  });

  it("shows every problem of the page's own check at once and focuses the first (useFieldProblems)", async ({ open }) => {
    const studio = await createStudio();
    const { page } = await open({ viewport: PHONE, as: studio, path: '/dashboard/studio' });
    await page.locator('#fname').waitFor();
    let sent = 0;
    await page.route('**/api/studio/me', (route) => {
      if (route.request().method() === 'POST') sent += 1;
      return route.continue();
    });
    await page.locator('#fname').fill('');
    await page.locator('#number').fill('123');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => focusedId(page)).toBe('fname');
    await expectFieldProblem(page, 'fname', MSG.required('Name'));
    await expectFieldProblem(page, 'number', MSG.phoneTooShort(LIMITS.phoneMin));
    expect(sent).toBe(0);
  });

  it("announces a FieldGroup's problem: the fieldset is described by it and takes the focus", async ({ open }) => {
    const [studio, performer] = await Promise.all([createStudio(), createUser()]);
    const { page } = await open({ viewport: PHONE, as: studio, path: `/talent/${performer._id}` });
    await page.getByRole('group', { name: TALENT_MSG.yourRating }).waitFor();
    const refusal = 'Rating must be from 1 to 5';
    await page.route('**/api/studio/talent/*/review', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ msg: refusal, field: 'rating' }) }));
    // Not chosen: the page's own check puts it at the group without sending.
    await page.getByRole('button', { name: TALENT_MSG.saveReview }).click();
    await expect.poll(() => focusedId(page)).toBe('rating');
    expect(await page.locator('#rating-error').textContent()).toBe(MARKET_MSG.mustBeWhole('Rating', 1, 5));
    // Chosen, and refused by the server naming the field: said at the group too.
    await page.getByRole('radio', { name: TALENT_MSG.stars(3) }).check({ force: true });
    await page.locator('body').focus();
    await page.getByRole('button', { name: TALENT_MSG.saveReview }).click();
    const group = page.locator('#rating');
    await expect.poll(() => group.getAttribute('aria-describedby')).toBe('rating-error');
    expect(await page.locator('#rating-error').textContent()).toBe(refusal);
    expect(await page.locator('#rating-error').getAttribute('role')).toBe('alert');
    expect(await group.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => focusedId(page)).toBe('rating');
  });

  it('the date of birth: under 18, both guardian fields are required, said at each, focus on the first, nothing sent (AgeSection)', async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ viewport: PHONE, as: user, path: '/editProfile' });
    await page.locator('#dateOfBirth').waitFor();
    let sent = 0;
    await page.route('**/api/audition/age', (route) => {
      if (route.request().method() === 'PUT') sent += 1;
      return route.continue();
    });
    await page.locator('#dateOfBirth').fill(`${new Date().getUTCFullYear() - 10}-06-15`);
    await page.locator('#guardian-name').waitFor();
    await page.getByRole('button', { name: GUARDIAN_MSG.saveAge }).click();
    await expect.poll(() => focusedId(page)).toBe('guardian-name');
    await expectFieldProblem(page, 'guardian-name', GUARDIAN_MSG.guardianNameRequired);
    await expectFieldProblem(page, 'guardian-email', GUARDIAN_MSG.guardianRequired);
    expect(sent).toBe(0);
    // Typing in a field clears its problem only.
    await page.locator('#guardian-email').fill('parent');
    expect(await page.locator('#guardian-email').getAttribute('aria-invalid')).toBe('false');
    expect(await page.locator('#guardian-name').getAttribute('aria-invalid')).toBe('true');
  });

  it('unavailable days: every wrong row said at its field, focus on the first, nothing sent (AvailabilityEditor)', async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ viewport: PHONE, as: user, path: '/profile' });
    const editor = page.getByTestId('availability');
    await editor.getByText(AVAILABILITY_MSG.empty).waitFor();
    let sent = 0;
    await page.route('**/api/audition/availability', (route) => {
      if (route.request().method() === 'PUT') sent += 1;
      return route.continue();
    });
    await editor.getByRole('button', { name: AVAILABILITY_MSG.add }).click();
    await editor.getByRole('button', { name: AVAILABILITY_MSG.add }).click();
    await page.locator('#availability-0-from').fill('2027-03-05');
    await page.locator('#availability-0-to').fill('2027-03-03');
    await page.locator('#availability-1-from').fill('2027-04-05');
    await page.locator('#availability-1-to').fill('2027-04-01');
    await editor.getByRole('button', { name: AVAILABILITY_MSG.save }).click();
    await expect.poll(() => focusedId(page)).toBe('availability-0-to');
    await expectFieldProblem(page, 'availability-0-to', AVAILABILITY_MSG.order);
    await expectFieldProblem(page, 'availability-1-to', AVAILABILITY_MSG.order);
    expect(sent).toBe(0);
  });

  it("the résumé: every problem the server lists is said at its field, focus on the first (EditResumePage)", async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ viewport: PHONE, as: user, path: '/editResume' });
    await page.getByRole('button', { name: RESUME_MSG.addCredit }).click();
    await page.locator('#resume-credits-0-production').waitFor();
    const problems = [
      { field: 'credits.0.year', msg: 'Year must be a whole number' },
      { field: 'measurements.chestCm', msg: 'Chest must be a number' },
    ];
    await page.route('**/api/audition/resume', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ msg: problems[0]!.msg, field: problems[0]!.field, problems }) })
        : route.continue(),
    );
    await page.locator('body').focus();
    await page.locator('form.resume-editor button[type="submit"]').click();
    await expect.poll(() => focusedId(page)).toBe('resume-credits-0-year');
    await expectFieldProblem(page, 'resume-credits-0-year', problems[0]!.msg);
    await expectFieldProblem(page, 'resume-measurements-chestCm', problems[1]!.msg);
    // Typing in a field clears its problem.
    await page.locator('#resume-measurements-chestCm').fill('90');
    expect(await page.locator('#resume-measurements-chestCm').getAttribute('aria-invalid')).toBe('false');
  });

  it('shows a refusal naming a field of one row of a list (roles.0.skills) at that row, with focus (useWrite rows)', async ({ open }) => {
    const studio = await createStudio();
    const { page } = await open({ viewport: PHONE, as: studio, path: '/dashboard/jobs/new' });
    await page.locator('#title').fill('A row refused by the server');
    await page.locator('#jobType').fill('Film');
    await page.getByLabel('Role 1 Role name', { exact: true }).fill('Lead');
    await page.getByLabel('Role 1 Pay', { exact: true }).selectOption('unpaid');
    await page.locator('#role-0-skills').fill('dance');
    const refusal = CAST_MSG.tooManyNames('Skills', 10);
    await page.route('**/api/studio/jobs', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ msg: refusal, field: 'roles.0.skills' }) }) : route.continue(),
    );
    await page.getByRole('button', { name: MARKET_MSG.postJob, exact: true }).click();
    await expect.poll(() => focusedId(page)).toBe('role-0-skills');
    await expectFieldProblem(page, 'role-0-skills', refusal);
  });

  it("shows a refusal of an application naming its note at the note, with focus (the apply write's fields)", async ({ open }) => {
    const [studio, performer] = await Promise.all([createStudio(), createUser()]);
    const job = await postJob(studio, { title: 'A note refused by the server' });
    const { page } = await open({ viewport: PHONE, as: performer, path: `/jobs/${job._id}` });
    await page.locator('#apply-note').waitFor();
    await page.locator('#apply-note').fill('Hello');
    const refusal = 'The note cannot hold a link';
    await page.route('**/api/jobs/*/apply', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ msg: refusal, field: 'note' }) }));
    await page.getByRole('button', { name: APP_MSG.sendApplication }).click();
    await expect.poll(() => focusedId(page)).toBe('apply-note');
    await expectFieldProblem(page, 'apply-note', refusal);
  });

  it("shows a refusal naming the application's media at the media group, with focus (ApplyPanel)", async ({ open }) => {
    const [studio, performer] = await Promise.all([createStudio(), createUser()]);
    const job = await postJob(studio, { title: 'Media refused by the server' });
    const { page } = await open({ viewport: PHONE, as: performer, path: `/jobs/${job._id}` });
    await page.locator('#apply-note').waitFor();
    const refusal = APP_MSG.mediaUrl;
    await page.route('**/api/jobs/*/apply', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ msg: refusal, field: 'media.0' }) }));
    await page.getByRole('button', { name: APP_MSG.sendApplication }).click();
    await expect.poll(() => focusedId(page)).toBe('apply-media');
    // The group is described by its problem (inside the fieldset, under its boxes).
    expect(await page.locator('#apply-media').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#apply-media').getAttribute('aria-describedby')).toBe('apply-media-error');
    expect(await page.locator('#apply-media-error').textContent()).toBe(refusal);
  });

  it("the applicant's review: a refusal naming the rating is said there with focus; an over-long note at the note, nothing sent (ApplicantCard)", async ({ open }) => {
    const [studio, performer] = await Promise.all([createStudio(), createUser()]);
    const job = await postJob(studio, { title: 'A review refused by the server' });
    await buyPlan(performer, 'gold');
    await apiAs('POST', `/api/jobs/${job._id}/apply`, performer.token, { note: '' });
    const { page } = await open({ viewport: PHONE, as: studio, path: `/dashboard/jobs/${job._id}/applicants` });
    await page.getByRole('button', { name: `${APP_MSG.open}: ${personName(performer.fname)}` }).click();
    await page.locator('#review-rating').waitFor();
    let sent = 0;
    const refusal = APP_MSG.ratingRange;
    await page.route('**/api/studio/applications/*/review', (route) => {
      sent += 1;
      return route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ msg: refusal, field: 'rating' }) });
    });
    await page.locator('#review-note').fill('x'.repeat(APPLICATION_LIMITS.studioNoteMax + 1));
    await page.getByRole('button', { name: APP_MSG.saveReview }).click();
    await expect.poll(() => focusedId(page)).toBe('review-note');
    await expectFieldProblem(page, 'review-note', MSG.tooLong('Note', APPLICATION_LIMITS.studioNoteMax));
    expect(sent).toBe(0);
    await page.locator('#review-note').fill('Strong read');
    await page.locator('#review-rating').selectOption('3');
    await page.getByRole('button', { name: APP_MSG.saveReview }).click();
    await expect.poll(() => focusedId(page)).toBe('review-rating');
    await expectFieldProblem(page, 'review-rating', refusal);
  });

  it('the review room: no name, no pick said at the field with focus; a refusal naming the comment said there (ReviewRoomPage)', async ({ open }) => {
    const [studio, performer] = await Promise.all([createStudio(), createUser()]);
    const job = await postJob(studio, { title: 'Feedback refused by the server' });
    await buyPlan(performer, 'gold');
    const app = await apiAs<{ _id: string }>('POST', `/api/jobs/${job._id}/apply`, performer.token, {});
    const link = await apiAs<{ url: string }>('POST', '/api/studio/review-links', studio.token, { jobId: job._id, applicationIds: [app._id], expiresInDays: 3, label: 'Director' });
    const { page } = await open({ viewport: PHONE, path: link.url });
    await page.locator('#review-name').waitFor();
    await page.getByRole('button', { name: TAPE_MSG.feedbackNameSave }).click();
    await expect.poll(() => focusedId(page)).toBe('review-name');
    await expectFieldProblem(page, 'review-name', TAPE_MSG.feedbackNameRequired);
    await page.locator('#review-name').fill('Dana Producer');
    await page.getByRole('button', { name: TAPE_MSG.feedbackNameSave }).click();
    // The room names each performer by an id of its own: the group's id is read from the page.
    const group = page.getByRole('group', { name: TAPE_MSG.feedbackPick });
    await group.waitFor();
    const pick = (await group.getAttribute('id'))!;
    const comment = pick.replace(/-pick$/, '-comment');
    await page.getByRole('button', { name: TAPE_MSG.feedbackSend }).click();
    await expect.poll(() => focusedId(page)).toBe(pick);
    expect(await page.locator(`#${pick}`).getAttribute('aria-describedby')).toBe(`${pick}-error`);
    expect(await page.locator(`#${pick}-error`).textContent()).toBe(TAPE_MSG.feedbackPickRequired);
    const refusal = MSG.tooLong('Comment', TAPE_LIMITS.feedbackCommentMax);
    await page.route('**/api/review/*/feedback', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ msg: refusal, field: 'comment' }) }));
    await page.getByRole('radio', { name: TAPE_MSG.feedbackPickLabel.yes }).check();
    await page.getByRole('button', { name: TAPE_MSG.feedbackSend }).click();
    await expect.poll(() => focusedId(page)).toBe(comment);
    await expectFieldProblem(page, comment, refusal);
  });

  it("settings: empty passwords said at each field, focus on the first; the server's same-password refusal at the new password (SettingsPage)", async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ viewport: PHONE, as: user, path: '/settings' });
    await page.locator('#settings-current').waitFor();
    await page.getByRole('button', { name: 'Change password', exact: true }).click();
    await expect.poll(() => focusedId(page)).toBe('settings-current');
    await expectFieldProblem(page, 'settings-current', MSG.required('Current password'));
    await expectFieldProblem(page, 'settings-password-new', MSG.required('New password'));
    // The real server refuses the same password again, naming the new password's field.
    await page.locator('#settings-current').fill(user.password);
    await page.locator('#settings-password-new').fill(user.password);
    await page.locator('#settings-confirm').fill(user.password);
    await page.getByRole('button', { name: 'Change password', exact: true }).click();
    await expect.poll(() => focusedId(page)).toBe('settings-password-new');
    await expectFieldProblem(page, 'settings-password-new', MSG.samePassword);
  });

  it("settings' deletion: an empty password said at it with focus; a refusal naming it said there (SettingsPage)", async ({ open }) => {
    const user = await createUser();
    const { page } = await open({ viewport: PHONE, as: user, path: '/settings' });
    await page.locator('#settings-delete-password').waitFor();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect.poll(() => focusedId(page)).toBe('settings-delete-password');
    await expectFieldProblem(page, 'settings-delete-password', MSG.required('Password'));
    const refusal = MSG.currentPasswordWrong;
    await page.route('**/api/me', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ msg: refusal, field: 'password' }) }) : route.continue(),
    );
    await page.locator('#settings-delete-password').fill('not the password');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await expect.poll(() => focusedId(page)).toBe('settings-delete-password');
    await expectFieldProblem(page, 'settings-delete-password', refusal);
  });

  it("a shortlist's rename: an empty name said at the field with focus; a refusal naming the name said there (ShortlistView)", async ({ open }) => {
    const studio = await createStudio();
    const list = await apiAs<{ _id: string; name: string }>('POST', '/api/studio/shortlists', studio.token, { name: 'Callbacks' });
    const { page } = await open({ viewport: PHONE, as: studio, path: '/dashboard/shortlists' });
    await page.getByRole('button', { name: TALENT_MSG.renameShortlistOf(list.name) }).click();
    const id = `rename-${list._id}`;
    await page.locator(`#${id}`).fill('  ');
    await page.locator('body').focus();
    await page.getByRole('button', { name: TALENT_MSG.saveShortlistName }).click();
    await expect.poll(() => focusedId(page)).toBe(id);
    await expectFieldProblem(page, id, MSG.required(TALENT_MSG.shortlistName));
    const refusal = MSG.tooLong('Shortlist name', 10);
    await page.route('**/api/studio/shortlists/*', (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ msg: refusal, field: 'name' }) }) : route.continue(),
    );
    await page.locator(`#${id}`).fill('Final round');
    await page.locator('body').focus();
    await page.getByRole('button', { name: TALENT_MSG.saveShortlistName }).click();
    await expect.poll(() => focusedId(page)).toBe(id);
    await expectFieldProblem(page, id, refusal);
  });
});
