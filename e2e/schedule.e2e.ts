/**
 * Audition times (docs/slots.md): a studio in Mumbai adds six times on
 * /dashboard/jobs/{id}/schedule; two performers in London, both in auditioning, each pick
 * one on /applications and one moves theirs; the schedule shows both in order; the .ics
 * downloads and parses; the same instant reads 10:00 IST for the studio and 04:30 GMT for
 * the performers. Printed, the schedule has no nav.
 */
import { readFile } from 'node:fs/promises';
import ical from 'node-ical';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { personName } from '../src/contract/names.js';
import { MSG } from '../src/contract/messages.js';
import { SLOT_MSG, SLOT_TEXT } from '../src/contract/slots.js';
import { apiAs, postJob } from './application-data.js';
import { buyPlan, createStudio, createUser, drawn, expectAccessible, expectNoOverflow, it, PHONE, shoot, SLOW_TEST, type TestUser, screenshotDir } from './harness.js';

const shot = async (page: Page, name: string) => {
  for (const [label, size] of [['390', PHONE], ['1280', { width: 1280, height: 800 }]] as const) {
    await page.setViewportSize(size);
    await drawn(page);
    await page.screenshot({ path: `${screenshotDir}/slots-${name}-${label}.png`, fullPage: true });
  }
};

describe('/dashboard/jobs/{id}/schedule and the performer’s picker', () => {
  it('six times made in Mumbai, picked and moved in London, the same instants; the schedule shows both; the .ics parses', async ({ open }) => {
    const studio = await createStudio('Schedule Studio');
    const job = await postJob(studio, { title: 'Dance lead' });
    const people: (TestUser & { appId: string })[] = [];
    for (let i = 0; i < 2; i++) {
      const p = await createUser();
      await buyPlan(p, 'gold');
      const app = await apiAs<{ _id: string }>('POST', `/api/jobs/${job._id}/apply`, p.token, { note: '' });
      await apiAs('POST', `/api/studio/applications/${app._id}/status`, studio.token, { status: 'auditioning' });
      people.push({ ...p, appId: app._id });
    }
    // Three days ahead at 10:00 in Mumbai (UTC+05:30), i.e. 04:30 UTC, which is 04:30 in London in winter.
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const first = new Date(`${day}T04:30:00Z`);

    // The studio, its browser in Asia/Kolkata.
    const { page: studioPage } = await open({ viewport: PHONE, timezoneId: 'Asia/Kolkata', as: studio, path: `/dashboard/jobs/${job._id}/schedule` });
    await studioPage.getByRole('heading', { name: SLOT_TEXT.scheduleTitle, level: 1 }).waitFor();
    expect(await studioPage.title()).toMatch(/Audition schedule/);
    await studioPage.getByText(SLOT_TEXT.shownIn('India Standard Time')).waitFor();
    // No start: said at its field before anything is sent.
    await studioPage.getByRole('button', { name: SLOT_TEXT.create }).click();
    await studioPage.locator('#slot-start-error').getByText(MSG.required(SLOT_TEXT.startsAt), { exact: true }).waitFor();
    expect(await studioPage.evaluate(() => document.activeElement?.id)).toBe('slot-start');
    // Neither a place nor a link: the server's answer names the place, and it shows there.
    await studioPage.getByLabel(SLOT_TEXT.startsAt).fill(`${day}T09:00`);
    await studioPage.getByRole('button', { name: SLOT_TEXT.create }).click();
    await studioPage.locator('#slot-place-error').getByText(SLOT_MSG.placeOrLink, { exact: true }).waitFor();
    expect(await studioPage.locator('#slot-start-error').count()).toBe(0);
    expect(await studioPage.evaluate(() => document.activeElement?.id)).toBe('slot-place');
    await shoot(studioPage, 'schedule-place-error');
    // A past start is refused at its field.
    await studioPage.getByLabel(SLOT_TEXT.startsAt).fill('2020-01-01T10:00');
    await studioPage.getByLabel(SLOT_TEXT.place).fill('Studio 4, Andheri');
    expect(await studioPage.locator('#slot-place-error').count()).toBe(0);
    await studioPage.getByRole('button', { name: SLOT_TEXT.create }).click();
    await studioPage.locator('#slot-start-error').getByText('Start must be in the future').waitFor();
    await expect.poll(() => studioPage.evaluate(() => document.activeElement?.id)).toBe('slot-start');
    await studioPage.getByLabel(SLOT_TEXT.startsAt).fill(`${day}T10:00`);
    await studioPage.getByLabel(SLOT_TEXT.count).fill('6');
    await studioPage.getByLabel(SLOT_TEXT.minutes).fill('15');
    await studioPage.getByRole('button', { name: SLOT_TEXT.create }).click();
    await expect.poll(() => studioPage.getByTestId('schedule-row').count()).toBe(6);
    await expect.poll(() => studioPage.evaluate(() => document.activeElement?.id)).toBe('schedule-list');
    const firstRow = await studioPage.getByTestId('schedule-row').first().locator('time').textContent();
    expect(firstRow).toContain('10:00–10:15 India Standard Time');
    expect(await studioPage.getByTestId('schedule-row').first().locator('time').getAttribute('datetime')).toBe(first.toISOString());

    // The performers, in Europe/London: the first books the first time, the second books and then moves.
    const pick = async (who: TestUser, times: string[]) => {
      const { page } = await open({ viewport: PHONE, timezoneId: 'Europe/London', as: who, path: '/applications' });
      await page.getByRole('heading', { name: SLOT_TEXT.pickTitle }).waitFor();
      for (const time of times) {
        await page.getByRole('button', { name: new RegExp(`: .*, ${time}–`) }).first().click();
        await page.getByTestId('slot-held').getByText(new RegExp(`${time}–.* Greenwich Mean Time`)).waitFor();
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('slot-held');
      }
      return { page };
    };
    await pick(people[0]!, ['04:30']);
    const b = await pick(people[1]!, ['04:45', '05:00']);
    await expectNoOverflow(b.page);
    await shot(b.page, 'picker');
    await shoot(b.page, 'slots-picker');
    await expectAccessible(b.page);

    // "Add to calendar" downloads the file; a calendar library reads the booked instant, moved once.
    const [download] = await Promise.all([b.page.waitForEvent('download'), b.page.getByRole('button', { name: SLOT_TEXT.addToCalendar }).click()]);
    const file = await readFile((await download.path())!, 'utf8');
    expect(file).toContain('\r\nBEGIN:VEVENT\r\n');
    const event = Object.values(ical.sync.parseICS(file)).find((c) => c?.type === 'VEVENT') as ical.VEvent;
    expect(event.start.toISOString()).toBe(new Date(first.getTime() + 30 * 60_000).toISOString());
    expect(Number(event.sequence)).toBe(1);
    expect(event.summary).toBe('Audition: Dance lead — Schedule Studio');

    // The studio's schedule: both, in order, the moved one on the third time and the second free.
    await studioPage.reload();
    await expect.poll(() => studioPage.getByTestId('schedule-row').count()).toBe(6);
    const rows = await studioPage.getByTestId('schedule-row').allTextContents();
    // Names read as names (docs/screens.md).
    expect(rows[0]).toContain(personName(people[0]!.fname));
    expect(rows[1]).toContain(SLOT_TEXT.free);
    expect(rows[2]).toContain(personName(people[1]!.fname));
    expect(rows[2]).toContain('10:30–10:45 India Standard Time');
    await expectNoOverflow(studioPage);
    await shot(studioPage, 'schedule');
    await shoot(studioPage, 'slots-schedule');
    await expectAccessible(studioPage);

    // Printed: the day's list without the nav, the footer or the editor.
    await studioPage.emulateMedia({ media: 'print' });
    expect(await studioPage.locator('header.nav').isVisible()).toBe(false);
    expect(await studioPage.getByRole('heading', { name: SLOT_TEXT.addSlots }).isVisible()).toBe(false);
    expect(await studioPage.getByTestId('schedule-row').first().isVisible()).toBe(true);
    await studioPage.screenshot({ path: `${screenshotDir}/slots-print.png`, fullPage: true });

  }, SLOW_TEST);
});
