/**
 * The schedule after a decline (docs/slots.md, "When a decision or a close ends a booking";
 * issue 49, item 3): while the decline can still be undone the performer keeps their time;
 * once it stands (the undo window, E2E_UNDO_SECONDS here; told by the background runner) the time is free on the open schedule
 * (live, without a reload) and in its print view, at 390 and 1280 px.
 */
import { describe, expect } from 'vitest';
import { personName } from '../src/contract/names.js';
import { SLOT_TEXT } from '../src/contract/slots-texts.js';
import { apiAs, postJob } from './application-data.js';
import { E2E_UNDO_SECONDS } from './short-waits.js';
import { buyPlan, createStudio, createUser, DESKTOP, expectNoOverflow, it, PHONE, screenshotDir, SLOW_TEST } from './harness.js';

const HOUR = 3_600_000;

describe('/dashboard/jobs/{id}/schedule after a decline', () => {
  it('a declined performer leaves the schedule and its print view once the decline stands', async ({ open }) => {
    const studio = await createStudio();
    const job = await postJob(studio, { title: 'Declined off the schedule' });
    const [slot] = (await apiAs<{ slots: { _id: string }[] }>('POST', `/api/studio/jobs/${job._id}/slots`, studio.token, { startsAt: new Date(Date.now() + 72 * HOUR).toISOString(), minutes: 15, count: 1, place: 'Studio 4, Andheri' })).slots;
    const p = await createUser();
    await buyPlan(p, 'gold');
    const { _id: appId } = await apiAs<{ _id: string }>('POST', `/api/jobs/${job._id}/apply`, p.token, { note: '' });
    await apiAs('POST', `/api/studio/applications/${appId}/status`, studio.token, { status: 'auditioning' });
    await apiAs('PUT', `/api/audition/applications/${appId}/slot`, p.token, { slotId: slot!._id });
    const name = personName(p.fname);

    const { page } = await open({ viewport: PHONE, as: studio, path: `/dashboard/jobs/${job._id}/schedule` });
    await page.getByRole('heading', { name: SLOT_TEXT.scheduleTitle, level: 1 }).waitFor();
    await page.getByText(name).first().waitFor();
    await apiAs('POST', `/api/studio/applications/${appId}/status`, studio.token, { status: 'declined', reason: 'went_another_way' });
    // Still within the undo window: the time is still theirs.
    await page.waitForTimeout(1_000);
    expect(await page.getByText(name).count()).toBeGreaterThan(0);
    // Once the decline stands (the background runner tells it), the time is free…
    const booked = async () => (await apiAs<{ slots: { booking: unknown }[] }>('GET', `/api/studio/jobs/${job._id}/slots`, studio.token)).slots[0]!.booking;
    await expect.poll(booked, { timeout: (E2E_UNDO_SECONDS + 30) * 1000, interval: 1_000 }).toBeNull();
    // …and the open schedule hears it without a reload: the time, and "Who to call back".
    await expect.poll(() => page.locator('.schedule-list').getByText(name).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => page.getByText(name).count(), { timeout: 15_000 }).toBe(0);
    await page.getByText(SLOT_TEXT.free).first().waitFor();
    for (const [label, viewport] of [['390', PHONE], ['1280', DESKTOP]] as const) {
      await page.setViewportSize(viewport);
      await expectNoOverflow(page, viewport);
      await page.screenshot({ path: `${screenshotDir}/schedule-declined-${label}.png`, fullPage: true });
    }
    // The print view neither.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByText(name).count()).toBe(0);
    // The performer's calendar file is gone with the booking.
    const ics = await fetch(new URL(`/api/audition/applications/${appId}/slot.ics`, page.url()), { headers: { 'x-auth-token': p.token } });
    expect(ics.status).toBe(404);
  }, SLOW_TEST);
});
