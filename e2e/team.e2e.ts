/**
 * The casting office's screens (docs/team.md, docs/screens.md): the owner invites a casting and
 * a viewer member from /settings → Team, each joins at /join/{token} in a browser of its own and
 * lands on the dashboard; the viewer is offered no moves, the casting member moves an applicant
 * and the card's history names them; the owner removes a member, whose next call logs them out.
 * A performer on /settings sees no Team section; an unknown link says so.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { APP_MSG } from '../src/contract/applications-messages.js';
import { MARKET_MSG } from '../src/contract/marketplace-messages.js';
import { personName } from '../src/contract/names.js';
import { SCREEN_MSG } from '../src/contract/screen-messages.js';
import { TEAM_MSG, TEAM_SCREEN } from '../src/contract/team-messages.js';
import { WHO_MSG } from '../src/contract/who-did-what-texts.js';
import { addPhoto, apiAs, postJob } from './application-data.js';
import { buyPlan, clearMail, createStudio, createUser, DESKTOP, drawn, expectAccessible, expectNoOverflow, it, PHONE, readMail, SLOW_TEST, type Open, screenshotDir } from './harness.js';

/** Screenshots at both widths into e2e/screenshots/team-<name>-<width>.png. */
async function shots(page: Page, name: string) {
  await mkdir(screenshotDir, { recursive: true });
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await drawn(page);
    await expectNoOverflow(page);
    await page.screenshot({ path: `${screenshotDir}/team-${name}-${size.width}.png`, fullPage: true });
  }
}

/** Invites `email` as `role` through the Team section; answers the link from the mail. */
async function invite(page: Page, email: string, role: 'casting' | 'viewer') {
  await clearMail(email);
  await page.getByLabel(TEAM_SCREEN.email, { exact: true }).fill(email);
  await page.getByLabel(TEAM_SCREEN.role, { exact: true }).selectOption(role);
  await page.getByRole('button', { name: TEAM_SCREEN.invite }).click();
  await page.getByText(`${TEAM_MSG.invited} ${email}`).waitFor();
  await page.locator('.team-row', { hasText: email }).getByText(TEAM_SCREEN.invitedOn).waitFor();
  const mail = await readMail(email);
  const link = /https?:\/\/\S+\/join\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  return new URL(link!).pathname;
}

/** Joins at `path` in a fresh browser; answers the member's page, on the dashboard. */
async function join(open: Open, path: string, name: string, viewport: { width: number; height: number }, shoot?: string) {
  const { page } = await open({ viewport, path });
  await page.getByRole('button', { name: TEAM_SCREEN.join }).waitFor();
  if (shoot) {
    await expectAccessible(page);
    await shots(page, shoot);
    await page.setViewportSize(viewport);
  }
  await page.getByLabel(TEAM_SCREEN.yourName).fill(name);
  await page.getByLabel(TEAM_SCREEN.password).fill('office-pass-2026');
  await page.getByRole('button', { name: TEAM_SCREEN.join }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/dashboard');
  return page;
}

describe('the casting office', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`the owner invites casting and viewer members, who join and act within their roles, at ${viewport.width}`, { timeout: SLOW_TEST }, async ({ open }) => {
      // No four digits in the name: the sign-up mail's code is the first four-digit number in it (harness readCode).
      const studioName = `Office Casting ${viewport === PHONE ? 'Phone' : 'Desk'}`;
      const studio = await createStudio(studioName);
      const job = await postJob(studio, { title: `Office job ${viewport.width} ${Date.now()}` });
      const performer = await createUser();
      await buyPlan(performer, 'gold');
      const photo = await addPhoto(performer, '#0ea5e9');
      await apiAs('POST', `/api/jobs/${job._id}/apply`, performer.token, { note: 'Hello.', media: [photo] });
      const tag = `${viewport.width}-${Date.now()}`;
      const castingEmail = `casting-${tag}@example.com`;
      const viewerEmail = `viewer-${tag}@example.com`;

      // The owner's Team section: empty first, saying what to do.
      const { page: owner } = await open({ as: studio, viewport, path: '/settings' });
      await owner.getByRole('heading', { name: TEAM_SCREEN.team }).waitFor();
      await owner.getByText(TEAM_SCREEN.empty).waitFor();
      // An e-mail with an account already is refused at the field.
      await owner.getByLabel(TEAM_SCREEN.email, { exact: true }).fill(performer.email);
      await owner.getByRole('button', { name: TEAM_SCREEN.invite }).click();
      await owner.locator('#team-email-error').getByText(TEAM_MSG.emailHasAccount).waitFor();
      const castingPath = await invite(owner, castingEmail, 'casting');
      const viewerPath = await invite(owner, viewerEmail, 'viewer');
      await expectAccessible(owner);
      await shots(owner, 'settings');
      await owner.setViewportSize(viewport);

      // The casting member joins, sees its name and the studio's in the nav, and moves the applicant.
      const casting = await join(open, castingPath, 'Asha Rao', viewport, viewport === PHONE ? 'join' : undefined);
      if (viewport === DESKTOP) await casting.getByText(TEAM_SCREEN.navWho('Asha Rao', studioName)).waitFor();
      await casting.goto(`/dashboard/jobs/${job._id}/applicants`);
      await casting.getByRole('button', { name: `${APP_MSG.open}: ${personName(performer.fname)}` }).click();
      const card = casting.getByRole('dialog', { name: personName(performer.fname), exact: true });
      await card.getByRole('button', { name: APP_MSG.action('shortlisted') }).click();
      await card.locator('.status-badge', { hasText: 'Shortlisted' }).waitFor();
      await card.getByText(WHO_MSG.by(APP_MSG.statusLabel('shortlisted'), 'Asha Rao')).waitFor();
      // Casting members do not manage the team.
      await casting.goto('/settings');
      await casting.getByText(TEAM_SCREEN.teamReadOnly).waitFor();
      expect(await casting.getByRole('button', { name: TEAM_SCREEN.invite }).count()).toBe(0);

      // The viewer joins and is offered no job posting, moves or selection.
      const viewer = await join(open, viewerPath, 'Ravi Menon', viewport);
      await viewer.locator('.own-job', { hasText: job.title }).waitFor();
      expect(await viewer.getByRole('link', { name: MARKET_MSG.postJob }).count()).toBe(0);
      expect(await viewer.getByRole('button', { name: MARKET_MSG.closeJob }).count()).toBe(0);
      await viewer.goto(`/dashboard/jobs/${job._id}/applicants`);
      await viewer.getByRole('button', { name: `${APP_MSG.open}: ${personName(performer.fname)}` }).click();
      const seen = viewer.getByRole('dialog', { name: personName(performer.fname), exact: true });
      await seen.getByText(WHO_MSG.by(APP_MSG.statusLabel('shortlisted'), 'Asha Rao')).waitFor();
      for (const s of ['auditioning', 'booked', 'declined'] as const) expect(await seen.getByRole('button', { name: APP_MSG.action(s) }).count()).toBe(0);
      expect(await viewer.locator('.applicant-check').count()).toBe(0);
      // A screen the role cannot use says so instead of offering a form the server refuses.
      await viewer.goto('/dashboard/jobs/new');
      await viewer.getByRole('heading', { name: SCREEN_MSG.wrongPlace.roleTooLow.title }).waitFor();

      // The owner sees both joined, removes the viewer (asked once), whose next call logs them out.
      await owner.reload();
      const row = owner.locator('.team-row', { hasText: viewerEmail });
      await row.locator('.team-who').getByText('Ravi Menon').waitFor();
      await row.getByRole('button', { name: TEAM_SCREEN.remove }).click();
      const ask = owner.getByRole('dialog', { name: TEAM_SCREEN.removeTitle('Ravi Menon') });
      await ask.getByText(TEAM_SCREEN.removeText).waitFor();
      await ask.getByRole('button', { name: TEAM_SCREEN.remove }).click();
      await owner.getByText(TEAM_MSG.removed).waitFor();
      await expect.poll(() => owner.locator('.team-row', { hasText: viewerEmail }).count()).toBe(0);
      await viewer.goto('/settings');
      await expect.poll(() => new URL(viewer.url()).pathname, { timeout: 15_000 }).toBe('/login');
    });
  }

  it('a performer has no Team section, and an unknown link says so', async ({ open }) => {
    const performer = await createUser();
    const { page } = await open({ as: performer, viewport: PHONE, path: '/settings' });
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    expect(await page.getByRole('heading', { name: TEAM_SCREEN.team }).count()).toBe(0);
    // The members' list itself refuses a performer.
    const res = await fetch(`${new URL(page.url()).origin}/api/studio/members`, { headers: { 'x-auth-token': performer.token } });
    expect(res.status).toBe(403);
    await page.goto('/join/not-a-real-token');
    await page.getByRole('heading', { name: TEAM_SCREEN.joinUnknown }).waitFor();
    await page.getByRole('link', { name: TEAM_SCREEN.logIn }).waitFor();
    await shots(page, 'join-unknown');
  });
});
