/**
 * The day of the sessions on the schedule (docs/slots.md, "The day"; issue 46 "Done when"):
 * before the window the schedule says when check-in opens; from 2 hours before the start
 * the studio marks the performer arrived (with the time) and clears it; the performer says
 * "running late" once from their applications page, and a second studio tab on the schedule
 * shows both live, without a reload. 390 and 1280 px.
 *
 * A booking needs more than 2 hours' notice and check-in opens 2 hours before, so the slot
 * starts on the first whole minute past the booking limit and the spec reloads until the
 * window opens (at most about 70 s): the server's clock decides, as in production.
 */
import { describe, expect } from 'vitest';
import { personName } from '../src/contract/names.js';
import { SLOT_TEXT, type OpenSlot } from '../src/contract/slots.js';
import { apiAs, postJob } from './application-data.js';
import { buyPlan, createStudio, createUser, DESKTOP, expectAccessible, expectNoOverflow, it, PHONE, shoot, SLOW_TEST } from './harness.js';

const MIN = 60_000;

describe('check-in on the schedule', () => {
  it(
    'the studio checks a performer in from 2 hours before; running late and the check-in show live on another tab',
    async ({ open }) => {
      const studio = await createStudio('Check-in Studio');
      const job = await postJob(studio, { title: 'Day-of lead' });
      const p = await createUser();
      await buyPlan(p, 'gold');
      const app = await apiAs<{ _id: string }>('POST', `/api/jobs/${job._id}/apply`, p.token, {});
      await apiAs('POST', `/api/studio/applications/${app._id}/status`, studio.token, { status: 'auditioning' });
      // The first whole minute (slots start on one, docs/slots.md) past the 2-hour booking limit
      // with 10 s to make and book it: check-in opens 10 to 70 s from now.
      const start = new Date(Math.ceil((Date.now() + 2 * 3_600_000 + 10_000) / MIN) * MIN);
      const made = await apiAs<{ slots: OpenSlot[] }>('POST', `/api/studio/jobs/${job._id}/slots`, studio.token, { startsAt: start.toISOString(), minutes: 15, count: 1, place: 'Studio 1' });
      await apiAs('PUT', `/api/audition/applications/${app._id}/slot`, p.token, { slotId: made.slots[0]!._id });
      const name = personName(p.fname);

      const { page } = await open({ viewport: PHONE, as: studio, path: `/dashboard/jobs/${job._id}/schedule` });
      const row = page.getByTestId('schedule-row').filter({ hasText: name });
      const arrive = row.getByRole('button', { name: SLOT_TEXT.markArrived(name) });
      // Before the window: no buttons; reload until it opens (the server's clock decides). The
      // row is drawn first, so no buttons means the window, not a page still loading.
      await row.waitFor();
      if ((await arrive.count()) === 0) {
        await row.getByText(/Check-in opens/).waitFor();
        await shoot(page, 'check-in-before');
      }
      await expect
        .poll(
          async () => {
            if ((await arrive.count()) > 0) return true;
            await page.waitForTimeout(1000);
            await page.reload();
            await row.waitFor();
            return (await arrive.count()) > 0;
          },
          { timeout: 150_000, interval: 100 },
        )
        .toBe(true);

      // A second tab of the studio, on a desktop, hears the day live.
      const { page: other } = await open({ viewport: DESKTOP, as: studio, path: `/dashboard/jobs/${job._id}/schedule` });
      const otherRow = other.getByTestId('schedule-row').filter({ hasText: name });
      await otherRow.getByRole('button', { name: SLOT_TEXT.markArrived(name) }).waitFor();

      // The performer is running late: said once from the applications page.
      const { page: mine } = await open({ viewport: PHONE, as: p, path: '/applications' });
      const late = mine.getByRole('form', { name: SLOT_TEXT.lateTitle });
      await late.getByRole('combobox').selectOption('15');
      await late.getByRole('button', { name: SLOT_TEXT.lateSend }).click();
      await mine.getByText(SLOT_TEXT.lateSent(15)).waitFor();
      expect(await mine.getByRole('button', { name: SLOT_TEXT.lateSend }).count()).toBe(0);
      await otherRow.getByText(SLOT_TEXT.runningLate(15)).waitFor();

      // Arrived, with the time; the other tab sees it without a reload.
      await arrive.click();
      await row.getByText(/^Arrived \d/).waitFor();
      expect(await arrive.getAttribute('aria-pressed')).toBe('true');
      await otherRow.getByText(/^Arrived \d/).waitFor();
      await expectNoOverflow(page, PHONE);
      await expectAccessible(page);
      await shoot(page, 'check-in-arrived');

      // Cleared: the mark goes on both.
      await row.getByRole('button', { name: SLOT_TEXT.clearFor(name) }).click();
      await expect.poll(() => row.getByText(/^Arrived \d/).count()).toBe(0);
      await expect.poll(() => otherRow.getByText(/^Arrived \d/).count()).toBe(0);
      await row.getByRole('button', { name: SLOT_TEXT.markNoShow(name) }).click();
      await otherRow.getByText(SLOT_TEXT.noShowed).waitFor();
      await shoot(other, 'check-in-no-show');

      // The card keeps the day in the timeline.
      await other.goto(`/dashboard/jobs/${job._id}/applicants`);
      await other.getByRole('button', { name: new RegExp(`Open: ${name}`) }).click();
      const card = other.locator('dialog.applicant-dialog');
      await card.getByText(SLOT_TEXT.dayEventLate(15)).waitFor();
      expect(await card.locator('.timeline').innerText()).toMatch(/Arrived[\s\S]*Check-in cleared[\s\S]*No-show/);
    },
    SLOW_TEST,
  );
});
