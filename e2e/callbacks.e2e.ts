/**
 * Callbacks (docs/slots.md, "Rounds and callbacks"): on /dashboard/jobs/{id}/schedule the
 * studio calls back one of two performers in auditioning with two times of a "Callback"
 * round (asked once, since it tells the performer); the schedule shows the round as a group;
 * the invited performer sees the invitation on /applications and books a time; the other
 * sees neither the round nor its times. Screens at 390 and 1280 into e2e/screenshots/.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { personName } from '../src/contract/names.js';
import { SLOT_TEXT } from '../src/contract/slots.js';
import { apiAs, postJob } from './application-data.js';
import { buyPlan, createStudio, createUser, drawn, expectAccessible, expectNoOverflow, it, PHONE, SLOW_TEST, type TestUser, screenshotDir } from './harness.js';

const shot = async (page: Page, name: string) => {
  for (const [label, size] of [['390', PHONE], ['1280', { width: 1280, height: 800 }]] as const) {
    await page.setViewportSize(size);
    await drawn(page);
    await expectNoOverflow(page);
    await page.screenshot({ path: `${screenshotDir}/callbacks-${name}-${label}.png`, fullPage: true });
  }
};

describe('callbacks on the schedule and the performer’s picker', () => {
  it('the studio calls back one performer, who books the callback; the other cannot see it', async ({ open }) => {
    const studio = await createStudio('Callback Studio');
    const job = await postJob(studio, { title: 'Callback lead' });
    const people: (TestUser & { appId: string })[] = [];
    for (let i = 0; i < 2; i++) {
      const p = await createUser();
      await buyPlan(p, 'gold');
      const app = await apiAs<{ _id: string }>('POST', `/api/jobs/${job._id}/apply`, p.token, { note: '' });
      await apiAs('POST', `/api/studio/applications/${app._id}/status`, studio.token, { status: 'auditioning' });
      people.push({ ...p, appId: app._id });
    }
    const [asked, other] = people as [TestUser & { appId: string }, TestUser & { appId: string }];
    const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);

    const { page: studioPage } = await open({ viewport: { width: 1280, height: 800 }, timezoneId: 'Europe/London', as: studio, path: `/dashboard/jobs/${job._id}/schedule` });
    await studioPage.getByRole('heading', { name: SLOT_TEXT.scheduleTitle, level: 1 }).waitFor();
    const invite = studioPage.getByRole('group', { name: SLOT_TEXT.callBackWho });
    await invite.getByLabel(personName(asked.fname)).check();
    // Calling someone back names the round "Callback" unless the studio named one.
    expect(await studioPage.getByLabel(SLOT_TEXT.round).inputValue()).toBe(SLOT_TEXT.callBackDefaultRound);
    await studioPage.getByLabel(SLOT_TEXT.startsAt).fill(`${day}T11:00`);
    await studioPage.getByLabel(SLOT_TEXT.count).fill('2');
    await studioPage.getByLabel(SLOT_TEXT.minutes).fill('20');
    await studioPage.getByLabel(SLOT_TEXT.place).fill('Studio 2, second floor');
    await shot(studioPage, 'invite');
    // It tells the performer, so it asks once, in the app's dialog; declining sends nothing.
    await studioPage.getByRole('button', { name: SLOT_TEXT.callBackSend }).click();
    const ask = studioPage.getByRole('dialog', { name: SLOT_TEXT.confirmCallBackTitle('Callback') });
    await ask.getByText(SLOT_TEXT.confirmCallBack(1, 'Callback')).waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await studioPage.getByTestId('schedule-row').count()).toBe(0);
    await studioPage.getByRole('button', { name: SLOT_TEXT.callBackSend }).click();
    await ask.getByRole('button', { name: SLOT_TEXT.callBackSend }).click();
    await expect.poll(() => studioPage.getByTestId('schedule-row').count()).toBe(2);
    await expect.poll(() => studioPage.evaluate(() => document.activeElement?.id)).toBe('schedule-list');
    const group = studioPage.getByTestId('schedule-round');
    expect(await group.count()).toBe(1);
    expect(await group.getByRole('heading', { level: 3 }).textContent()).toBe(`Callback · ${SLOT_TEXT.invitedOnly}`);

    // The invited performer: the invitation and the round's times; books the first.
    const { page: mine } = await open({ viewport: PHONE, timezoneId: 'Europe/London', as: asked, path: '/applications' });
    const round = mine.locator('[data-testid="slot-round"][data-round="Callback"]');
    await round.getByText(SLOT_TEXT.invitedTo('Callback')).waitFor();
    await round.getByRole('heading', { name: SLOT_TEXT.roundTimes('Callback') }).waitFor();
    await round.getByRole('button', { name: /11:00–11:20/ }).click();
    await round.getByTestId('slot-held').getByText(/11:00–11:20/).waitFor();
    await expect.poll(() => mine.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('slot-held');
    await shot(mine, 'performer-booked');
    await expectAccessible(mine);

    // The other performer: no invitation, no callback times.
    const { page: theirs } = await open({ viewport: PHONE, timezoneId: 'Europe/London', as: other, path: '/applications' });
    await theirs.getByRole('heading', { name: SLOT_TEXT.pickTitle }).waitFor();
    expect(await theirs.locator('[data-round="Callback"]').count()).toBe(0);
    expect(await theirs.getByText(SLOT_TEXT.invitedTo('Callback')).count()).toBe(0);
    expect(await theirs.getByRole('button', { name: /11:00–11:20|11:20–11:40/ }).count()).toBe(0);
    await shot(theirs, 'performer-uninvited');

    // The schedule shows who comes to the callback, for which role, on which job, with a way back.
    await studioPage.reload();
    await expect.poll(async () => (await studioPage.getByTestId('schedule-row').first().textContent()) ?? '').toContain(personName(asked.fname));
    expect(await studioPage.getByTestId('schedule-job').textContent()).toBe(SLOT_TEXT.forJob(job.title));
    expect(await studioPage.getByTestId('schedule-row').first().getByTestId('schedule-role').count()).toBe(1);
    expect(await studioPage.getByRole('link', { name: new RegExp(SLOT_TEXT.backToBoard) }).getAttribute('href')).toBe(`/dashboard/jobs/${job._id}/applicants`);
    await shot(studioPage, 'schedule');
    await expectAccessible(studioPage);

    // Removing the booked time tells the performer: asked once in the app's dialog, naming them; kept on Cancel.
    const bookedRow = studioPage.getByTestId('schedule-row').first();
    await bookedRow.getByRole('button', { name: new RegExp(`^${SLOT_TEXT.remove} `) }).click();
    const removeAsk = studioPage.getByRole('dialog', { name: SLOT_TEXT.confirmRemoveTitle });
    await removeAsk.getByText(SLOT_TEXT.confirmRemoveBooked(personName(asked.fname))).waitFor();
    await removeAsk.getByRole('button', { name: 'Cancel' }).click();
    await removeAsk.waitFor({ state: 'hidden' });
    expect(await studioPage.getByTestId('schedule-row').count()).toBe(2);
    // The performer cancels their own time, asked once too.
    await round.getByRole('button', { name: SLOT_TEXT.cancel }).click();
    const cancelAsk = mine.getByRole('dialog', { name: SLOT_TEXT.confirmCancelTitle });
    await cancelAsk.getByRole('button', { name: SLOT_TEXT.cancel }).click();
    await round.getByTestId('slot-held').waitFor({ state: 'detached' });
  }, SLOW_TEST);
});
