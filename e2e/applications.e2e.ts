/**
 * Applying on /jobs/{id} and the performer's /applications: a Gold performer applies with
 * two photos and a note; the studio opens it (the timeline shows Viewed), shortlists and
 * books it; another applicant is closed by the job closing and finds the notice in the bell
 * and in the mail; a performer without a plan is led to /subscription.
 */
import { beforeAll, describe, expect } from 'vitest';
import { APP_MSG } from '../src/contract/applications-messages.js';
import type { MyApplicationsAnswer } from '../src/contract/applications.js';
import { MARKET_MSG } from '../src/contract/marketplace-messages.js';
import { SLOT_TEXT } from '../src/contract/slots-texts.js';
import { addPhoto, apiAs, postJob } from './application-data.js';
import { E2E_UNDO_SECONDS } from './short-waits.js';
import { buyPlan, clearMail, createStudio, createUser, DESKTOP, expectAccessible, expectNoOverflow, focusedName, it, PHONE, readMail, shoot, SLOW_TEST, type StudioUser } from './harness.js';

let studio: StudioUser;
beforeAll(async () => {
  studio = await createStudio('Applications Studio');
});

describe('applying and /applications', () => {
  it('a Gold performer applies with two photos and a note, and follows it to booked', async ({ open }) => {
    const job = await postJob(studio, { title: 'Lead dancer for a music video' });
    const performer = await createUser();
    await buyPlan(performer, 'gold');
    const photos = [await addPhoto(performer, '#a855f7'), await addPhoto(performer, '#f59e0b')];
    const { page } = await open({ as: performer });

    await page.goto(`/jobs/${job._id}`);
    await page.getByRole('heading', { name: APP_MSG.applyTitle }).waitFor();
    await page.getByRole('checkbox').nth(0).check();
    await page.getByRole('checkbox').nth(1).check();
    const note = 'I have five years of contemporary dance.';
    await page.getByLabel(APP_MSG.noteLabel).fill(note);
    await page.getByText(APP_MSG.charsLeft(1000 - note.length)).waitFor();
    await shoot(page, 'apply');
    await expectAccessible(page);
    await page.getByRole('button', { name: APP_MSG.sendApplication }).click();
    await page.getByText(APP_MSG.applied).waitFor();
    // Focus lands on the result's message, never on the body (issue 36 item 8).
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('apply-done-message');

    // The studio receives exactly what was sent.
    const { applications: sent } = await apiAs<{ applications: { _id: string; note: string; media: { url: string }[] }[] }>(
      'GET', `/api/studio/jobs/${job._id}/applications`, studio.token);
    expect(sent).toEqual([expect.objectContaining({ note, media: photos.map((url) => expect.objectContaining({ url })) })]);

    await page.getByRole('link', { name: APP_MSG.seeApplications }).click();
    await page.getByRole('heading', { name: APP_MSG.applicationsTitle, level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Applications · Audition');
    expect(await page.getByTestId('quota').innerText()).toMatch(/^1 of 70 used, until your plan ends on \d{1,2} \w+ \d{4}$/);
    await page.getByRole('heading', { name: /Applied/ }).waitFor();

    // The studio opens it: the performer's timeline shows Viewed.
    await apiAs('GET', `/api/studio/applications/${sent[0]!._id}`, studio.token);
    await page.reload();
    const timeline = page.getByRole('list', { name: `${APP_MSG.timeline}: ${job.title}` });
    await expect.poll(() => timeline.innerText()).toContain('Viewed');
    await apiAs('POST', `/api/studio/applications/${sent[0]!._id}/status`, studio.token, { status: 'shortlisted' });
    await apiAs('POST', `/api/studio/applications/${sent[0]!._id}/status`, studio.token, { status: 'booked' });
    // A booking reaches the performer once its undo window has passed (docs/applications.md,
    // "Decisions"; the e2e app's is E2E_UNDO_SECONDS).
    await expect
      .poll(async () => {
        await page.reload();
        await timeline.waitFor();
        return page.getByRole('heading', { name: /Booked/ }).count();
      }, { timeout: (E2E_UNDO_SECONDS + 45) * 1000, interval: 1_000 })
      .toBe(1);
    expect(await timeline.innerText()).toMatch(/Applied[\s\S]*Viewed[\s\S]*Shortlisted[\s\S]*Booked/);
    // The bell counts two notices for the studio's three changes: Shortlisted's notice took the
    // place of Viewed's unread one (docs/applications.md, "No floods"), and Booked has its own.
    await expect.poll(() => page.getByTestId('bell-count').innerText(), { timeout: 30_000 }).toBe('2');
    await shoot(page, 'applications');
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await expectNoOverflow(page);
  }, SLOW_TEST);

  it('an applicant the job closes on finds the notice in the bell and in the mail', async ({ open }) => {
    const job = await postJob(studio, { title: 'Extras for a street scene' });
    const performer = await createUser();
    await buyPlan(performer, 'silver');
    await apiAs('POST', `/api/jobs/${job._id}/apply`, performer.token, { note: '' });
    await clearMail(performer.email);
    await apiAs('POST', `/api/studio/jobs/${job._id}/close`, studio.token, {});

    await expect.poll(async () => (await readMail(performer.email)).subject).toBe(APP_MSG.mailSubject('closed', job.title));
    const mail = await readMail(performer.email);
    const notice = APP_MSG.notice('closed', job.title, studio.fname);
    expect(mail.text).toContain(notice);

    const { page } = await open({ viewport: PHONE, as: performer, path: '/applications' });
    await page.getByRole('heading', { name: /Closed/ }).waitFor();
    await expect.poll(() => page.getByTestId('bell-count').innerText()).toBe('1');
    await page.getByRole('button', { name: `${APP_MSG.notifications}: ${APP_MSG.unread(1)}` }).click();
    // The toasts' live region is also named Notifications: the bell's panel is found by its id.
    const panel = page.locator('#bell-panel');
    await panel.getByText(notice).waitFor();
    await shoot(page, 'notification-bell');
    await expectAccessible(page);
    await expectNoOverflow(page);
    await panel.getByRole('button', { name: APP_MSG.markAllRead }).click();
    await expect.poll(() => page.getByTestId('bell-count').count()).toBe(0);
  }, SLOW_TEST);

  it('the bell catches up when the live stream reconnects, then updates live with no reload', async ({ open }) => {
    const job = await postJob(studio, { title: 'Singer for a jingle' });
    const performer = await createUser();
    await buyPlan(performer, 'silver');
    await apiAs('POST', `/api/jobs/${job._id}/apply`, performer.token, { note: '' });
    const { applications: [mine] } = await apiAs<{ applications: { _id: string }[] }>('GET', `/api/studio/jobs/${job._id}/applications`, studio.token);
    const { page } = await open({ as: performer });
    // The stream cannot open at first: what happens meanwhile must still reach the bell.
    const events = '**/api/events';
    await page.route(events, (route) => route.abort());
    await page.goto('/applications');
    await page.getByRole('button', { name: `${APP_MSG.notifications}: ${APP_MSG.unread(0)}` }).waitFor();
    await apiAs('POST', `/api/studio/applications/${mine!._id}/status`, studio.token, { status: 'shortlisted' });
    const opened = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.ok());
    await page.unroute(events);
    await opened;
    await expect.poll(() => page.getByTestId('bell-count').innerText(), { timeout: 30_000 }).toBe('1');
    // With the stream open the bell does not poll: only the live event can bring this one.
    await apiAs('POST', `/api/studio/applications/${mine!._id}/status`, studio.token, { status: 'booked' });
    // The booking's notice goes out once its undo window (E2E_UNDO_SECONDS) has passed.
    await expect.poll(() => page.getByTestId('bell-count').innerText(), { timeout: (E2E_UNDO_SECONDS + 45) * 1000 }).toBe('2');
    expect(await page.getByRole('button', { name: `${APP_MSG.notifications}: ${APP_MSG.unread(2)}` }).count()).toBe(1);
  }, SLOW_TEST);

  it('withdrawing asks once in the app dialog (Cancel keeps it); confirmed, the card says Withdrawn and takes the focus', async ({ open }) => {
    const job = await postJob(studio, { title: 'Extra for a café scene' });
    const performer = await createUser();
    await buyPlan(performer, 'gold');
    await apiAs('POST', `/api/jobs/${job._id}/apply`, performer.token, {});
    const { page } = await open({ viewport: PHONE, as: performer, path: '/applications' });
    const withdraw = page.getByRole('button', { name: APP_MSG.withdraw, exact: true });
    await withdraw.click();
    const ask = page.getByRole('dialog', { name: APP_MSG.confirmWithdrawTitle });
    await ask.getByText(APP_MSG.confirmWithdraw).waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect((await apiAs<MyApplicationsAnswer>('GET', '/api/audition/applications', performer.token)).applications[0]!.status).toBe('applied');
    await withdraw.click();
    await ask.getByRole('button', { name: APP_MSG.withdraw }).click();
    await page.getByRole('heading', { name: /Withdrawn/ }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/^application-/);
    expect((await apiAs<MyApplicationsAnswer>('GET', '/api/audition/applications', performer.token)).applications[0]!.status).toBe('withdrawn');
    await expectNoOverflow(page);
  }, SLOW_TEST);

  it('a performer without a plan is offered /subscription; the empty list says what to do next', async ({ open }) => {
    const job = await postJob(studio, { title: 'Voice of a radio spot' });
    const performer = await createUser();
    const { page } = await open({ viewport: PHONE, as: performer, path: '/applications' });
    await page.getByText(APP_MSG.noApplications).waitFor();
    await page.getByText(APP_MSG.noPlanLine).waitFor();
    await shoot(page, 'applications-empty');
    await expectAccessible(page);

    await page.goto(`/jobs/${job._id}`);
    await page.getByText(APP_MSG.noMedia).waitFor();
    await page.getByLabel(APP_MSG.noteLabel).fill('Kept after the error');
    await page.getByRole('button', { name: APP_MSG.sendApplication }).click();
    await page.getByText(APP_MSG.planRequired).waitFor();
    expect(await page.getByLabel(APP_MSG.noteLabel).inputValue()).toBe('Kept after the error');
    await shoot(page, 'apply-no-plan');
    await expectNoOverflow(page);
    await page.getByRole('link', { name: APP_MSG.choosePlan }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/subscription');
    const mine = await apiAs<MyApplicationsAnswer>('GET', '/api/audition/applications', performer.token);
    expect(mine.applications).toEqual([]);
  }, SLOW_TEST);

  it('a private profile is told that the studio will see it; a studio has no Apply', async ({ open }) => {
    const job = await postJob(studio, { title: 'Stand-in for a lead' });
    const performer = await createUser();
    await buyPlan(performer, 'platinum');
    await apiAs('POST', '/api/audition/updateBasicInfo', performer.token, { visibility: 'private' });
    const { page } = await open({ as: performer, path: `/jobs/${job._id}` });
    await page.getByRole('heading', { name: APP_MSG.applyTitle }).waitFor();
    await page.getByText(APP_MSG.privateWarning).waitFor();

    const asStudio = await open({ as: studio, path: `/jobs/${job._id}` });
    await asStudio.page.getByRole('heading', { name: job.title }).waitFor();
    expect(await asStudio.page.getByRole('button', { name: MARKET_MSG.apply }).count()).toBe(0);
    expect(await asStudio.page.getByRole('heading', { name: APP_MSG.applyTitle }).count()).toBe(0);
  }, SLOW_TEST);

  for (const viewport of [PHONE, DESKTOP]) {
    it(`"Send application" without a plan puts focus on the way to a plan, never the body, at ${viewport.width} px (issue 49 item 9)`, async ({ open }) => {
      const job = await postJob(studio, { title: `No plan yet ${viewport.width}` });
      const performer = await createUser();
      const { page } = await open({ viewport, as: performer, path: `/jobs/${job._id}` });
      await page.getByLabel(APP_MSG.noteLabel).fill('Hello');
      await page.getByRole('button', { name: APP_MSG.sendApplication }).focus();
      await page.keyboard.press('Enter');
      await page.getByText(APP_MSG.planRequired).waitFor();
      await expect.poll(() => focusedName(page)).toBe(`a "${APP_MSG.choosePlan}"`);
      await shoot(page, `apply-no-plan-focus-${viewport.width}`);
    });

    it(`a refusal about no field puts focus on its words, a plan refusal on its own plan link, at ${viewport.width} px`, async ({ open }) => {
      const job = await postJob(studio, { title: `Refused whole ${viewport.width}` });
      const performer = await createUser();
      await buyPlan(performer, 'gold');
      const { page } = await open({ viewport, as: performer, path: `/jobs/${job._id}` });
      await page.getByLabel(APP_MSG.noteLabel).fill('Hello');
      const send = page.getByRole('button', { name: APP_MSG.sendApplication });
      let answer: { status: number; msg: string } = { status: 409, msg: APP_MSG.jobClosed };
      await page.route('**/api/jobs/*/apply', (route) => route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify({ msg: answer.msg }) }));
      await send.focus();
      await page.keyboard.press('Enter');
      await page.getByText(APP_MSG.jobClosed).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('apply-send-error');
      await shoot(page, `apply-refused-focus-${viewport.width}`);
      // The plan line has a plan with applications left: the refusal brings its own link, and the focus goes there.
      answer = { status: 402, msg: APP_MSG.planRequired };
      await send.focus();
      await page.keyboard.press('Enter');
      await page.getByText(APP_MSG.planRequired).waitFor();
      await expect.poll(() => focusedName(page)).toBe(`a "${APP_MSG.choosePlan}"`);
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.apply-error')))).toBe(true);
      expect(await page.getByText(APP_MSG.jobClosed).count()).toBe(0);
    });
  }
});

// Issue 49, item 5: each free time in the picker says where, in person with its place or online with a real link (docs/slots.md, "Screens").
for (const [width, viewport] of [[390, PHONE], [1280, { width: 1280, height: 800 }]] as const) {
  describe(`/applications, where each audition time is (${width})`, () => {
    it('says In person with the place and Online with a link that opens the address', async ({ open }) => {
      const job = await postJob(studio, { title: `Where call ${width}` });
      const performer = await createUser();
      await buyPlan(performer, 'gold');
      const app = await apiAs<{ _id: string }>('POST', `/api/jobs/${job._id}/apply`, performer.token, { note: '' });
      await apiAs('POST', `/api/studio/applications/${app._id}/status`, studio.token, { status: 'auditioning' });
      const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const link = 'https://meet.example.com/where-call?room=a-very-long-room-name-that-must-wrap-on-a-phone';
      await apiAs('POST', `/api/studio/jobs/${job._id}/slots`, studio.token, { startsAt: `${day}T10:00:00Z`, minutes: 15, count: 1, gapMinutes: 0, place: 'Studio 4, Andheri West, Mumbai' });
      await apiAs('POST', `/api/studio/jobs/${job._id}/slots`, studio.token, { startsAt: `${day}T11:00:00Z`, minutes: 15, count: 1, gapMinutes: 0, onlineUrl: link });
      const { page } = await open({ viewport, timezoneId: 'UTC', as: performer, path: '/applications' });
      const picker = page.locator('.slot-choices');
      await picker.waitFor();
      const inPerson = picker.locator('li').filter({ hasText: '10:00–10:15' }).getByTestId('slot-where');
      const online = picker.locator('li').filter({ hasText: '11:00–11:15' }).getByTestId('slot-where');
      expect(await inPerson.textContent()).toBe(`${SLOT_TEXT.inPerson} Studio 4, Andheri West, Mumbai`);
      expect(await inPerson.locator('a').count()).toBe(0);
      expect(await online.textContent()).toBe(`${SLOT_TEXT.online} ${link}`);
      const a = online.getByRole('link', { name: link });
      expect(await a.getAttribute('href')).toBe(link);
      expect(await a.getAttribute('target')).toBe('_blank');
      expect(await a.getAttribute('rel')).toContain('noopener');
      // The buttons say where too, for a screen reader going from button to button.
      await page.getByRole('button', { name: new RegExp(`10:00–10:15 .*, ${SLOT_TEXT.whereSaid(false, 'Studio 4, Andheri West, Mumbai')}$`) }).waitFor();
      await page.getByRole('button', { name: new RegExp(`11:00–11:15 .*, online, https://meet\\.example\\.com/`) }).waitFor();
      await expectNoOverflow(page, viewport);
      await shoot(page, `applications-slot-where-${width}`);
      await expectAccessible(page);
      // Booked online, the held time keeps its link.
      await page.getByRole('button', { name: /11:00–11:15/ }).click();
      await page.getByTestId('slot-held').getByRole('link', { name: link }).waitFor();
    });
  });
}
