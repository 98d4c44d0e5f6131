/**
 * Issue 49 item 13: the studio's self-tape request checks the deadline (and the other fields)
 * before it asks to confirm the send, which cannot be taken back. A too-soon deadline is said
 * at its field with focus there and no dialog; a valid one asks once and sends; a refusal the
 * server still gives (a minute passed) lands at the field it names. At 390 and 1280 px.
 */
import { describe, expect } from 'vitest';
import { personName } from '../src/contract/names.js';
import { TAPE_LIMITS, TAPE_MSG, type TapeRequestsAnswer } from '../src/contract/self-tapes.js';
import { apiAs, postJob } from './application-data.js';
import { buyPlan, createStudio, createUser, DESKTOP, expectFieldProblem, expectNoOverflow, it, PHONE, shoot, SLOW_TEST, type TestUser } from './harness.js';

/** A datetime-local value (the page's zone is the machine's, as Node's) `hours` from now. */
function localIn(hours: number): string {
  const d = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const myRequests = (who: TestUser) => apiAs<TapeRequestsAnswer>('GET', '/api/audition/tape-requests', who.token);

async function setUp(width: number) {
  const studio = await createStudio();
  const job = await postJob(studio, { title: `Deadline first ${width}` });
  const performer = await createUser();
  await buyPlan(performer, 'gold');
  const application = await apiAs<{ _id: string }>('POST', `/api/jobs/${job._id}/apply`, performer.token, { note: 'Ready.' });
  return { studio, job, performer, applicationId: application._id, path: `/dashboard/jobs/${job._id}/self-tapes/new?ids=${application._id}` };
}

describe('self-tape request: the deadline is checked before the send is confirmed (issue 49 item 13)', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`a too-soon deadline is said at its field with no dialog; a valid one asks once and sends, at ${viewport.width} px`, async ({ open }) => {
      const { studio, job, performer, path } = await setUp(viewport.width);
      const { page } = await open({ viewport, as: studio, path });
      await page.getByRole('heading', { level: 1, name: TAPE_MSG.requestTitle(job.title) }).waitFor();
      const ask = page.getByRole('dialog', { name: TAPE_MSG.confirmSendTitle(1) });
      const sendButton = page.getByRole('button', { name: TAPE_MSG.sendRequests(1) });

      // Past, then an hour away: both refused at the field, focus there, nothing asked or sent.
      for (const hours of [-2, 1]) {
        await page.getByLabel(TAPE_MSG.deadline).fill(localIn(hours));
        await sendButton.click();
        await expect.poll(() => page.locator('#tape-deadline').getAttribute('aria-invalid')).toBe('true');
        await expectFieldProblem(page, 'tape-deadline', 'the earliest allowed is');
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tape-deadline');
        expect(await ask.count()).toBe(0);
        expect(await page.getByRole('dialog').count()).toBe(0);
      }
      await page.getByRole('button', { name: /^Use / }).waitFor();
      await shoot(page, `tapes-deadline-first-${viewport.width}`);
      await expectNoOverflow(page);
      expect(await myRequests(performer)).toEqual({ tapeRequests: [] });

      // Instructions over the limit are said at their field first, the deadline still with them.
      // (Typing stops at the limit; a paste from elsewhere need not, so the cap is lifted.)
      await page.getByLabel(TAPE_MSG.instructions).evaluate((el) => el.removeAttribute('maxlength'));
      await page.getByLabel(TAPE_MSG.instructions).fill('x'.repeat(TAPE_LIMITS.instructionsMax + 1));
      await sendButton.click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tape-instructions');
      expect(await page.locator('#tape-deadline').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.getByLabel(TAPE_MSG.instructions).fill('Slate first.');

      // A deadline a week away: asked once, then sent.
      await page.getByLabel(TAPE_MSG.deadline).fill(localIn(8 * 24));
      await sendButton.click();
      await ask.waitFor();
      await shoot(page, `tapes-deadline-confirm-${viewport.width}`);
      await ask.getByRole('button', { name: TAPE_MSG.confirmSendLabel, exact: true }).click();
      await page.waitForURL(`**/dashboard/jobs/${job._id}/self-tapes`);
      await page.getByText(TAPE_MSG.sent(1)).waitFor();
      expect((await myRequests(performer)).tapeRequests).toHaveLength(1);
    }, SLOW_TEST);

    it(`a deadline the server still refuses is said at its field, focus there, the earliest offered, at ${viewport.width} px`, async ({ open }) => {
      const { studio, performer, path } = await setUp(viewport.width);
      const { page } = await open({ viewport, as: studio, path });
      const earliest = new Date(Date.now() + 9 * 86_400_000);
      earliest.setSeconds(0, 0);
      // The server's answer when time ran past the rule while the dialog was open.
      await page.route('**/api/studio/tape-requests', (route) =>
        route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ msg: 'Too soon by the server.', code: 'deadline_too_soon', field: 'deadline', earliest: earliest.toISOString() }) }),
      );
      await page.getByLabel(TAPE_MSG.deadline).fill(localIn(8 * 24));
      await page.getByRole('button', { name: TAPE_MSG.sendRequests(1) }).click();
      const ask = page.getByRole('dialog', { name: TAPE_MSG.confirmSendTitle(1) });
      await ask.getByRole('button', { name: TAPE_MSG.confirmSendLabel, exact: true }).click();
      await expect.poll(() => page.locator('#tape-deadline').getAttribute('aria-invalid')).toBe('true');
      await expectFieldProblem(page, 'tape-deadline', 'Too soon by the server.');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tape-deadline');
      await page.getByRole('button', { name: /^Use / }).click();
      const pad = (n: number) => String(n).padStart(2, '0');
      expect(await page.locator('#tape-deadline').inputValue()).toBe(
        `${earliest.getFullYear()}-${pad(earliest.getMonth() + 1)}-${pad(earliest.getDate())}T${pad(earliest.getHours())}:${pad(earliest.getMinutes())}`,
      );
      expect(await myRequests(performer)).toEqual({ tapeRequests: [] });
    }, SLOW_TEST);
  }
});

describe('self-tape request declined with a reason: the studio\'s side', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`the studio's row says Declined and shows the reason, at ${viewport.width} px`, async ({ open }) => {
      const { studio, job, performer, applicationId } = await setUp(viewport.width);
      await apiAs('POST', '/api/studio/tape-requests', studio.token, { applicationIds: [applicationId], deadline: new Date(Date.now() + 8 * 86_400_000).toISOString() });
      const reason = 'I am on set that whole week.';
      const performerView = await open({ viewport, as: performer, path: '/applications' });
      await performerView.page.getByRole('button', { name: TAPE_MSG.decline }).click();
      const asked = performerView.page.getByRole('dialog', { name: TAPE_MSG.declineTitle });
      await asked.getByLabel(TAPE_MSG.declineReason).fill(reason);
      await asked.getByRole('button', { name: TAPE_MSG.decline }).click();
      await performerView.page.locator('.tape-request__status', { hasText: TAPE_MSG.statusLabel.declined }).waitFor();
      await performerView.context.close();

      const { page } = await open({ viewport, as: studio, path: `/dashboard/jobs/${job._id}/self-tapes` });
      const row = page.getByTestId('tape-request').filter({ hasText: personName(performer.fname) });
      await row.getByText(TAPE_MSG.statusLabel.declined, { exact: true }).waitFor();
      await row.getByText(TAPE_MSG.declinedBecause(reason)).waitFor();
      await expectNoOverflow(page);
      await shoot(page, `tapes-studio-declined-${viewport.width}`);
    }, SLOW_TEST);
  }
});
