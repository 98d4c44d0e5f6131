/**
 * Feedback on a review link (docs/self-tapes.md, "Feedback"; issue 46 "Done when"): a
 * producer opens the link in a fresh browser with no login, gives a name once, picks yes
 * for one performer and maybe for the other with a comment; a reload keeps the name and the
 * picks; the studio sees each pick with the name and the link's label on the board, the
 * comment on the card, and the link's feedback on the self-tapes screen. 390 and 1280 px.
 * The room plays a ready tape's converted MP4 with its poster through the link's token, and
 * says "Processing…" for a tape still converting (docs/media.md, "Players").
 */
import { describe, expect } from 'vitest';
import { personName } from '../src/contract/names.js';
import { TAPE_MSG } from '../src/contract/self-tapes.js';
import { APP_MSG } from '../src/contract/applications-messages.js';
import { apiAs, postJob } from './application-data.js';
import { PLAYBACK_MSG } from '../src/contract/media-playback.js';
import { buyPlan, createStudio, createUser, DESKTOP, expectAccessible, expectNoOverflow, it, PHONE, shoot, SLOW_TEST } from './harness.js';
import { playableTape, requestTapes, sendTape, slowToFailTape, tapedApplicant, tapeReady } from './tape-data.js';

async function applicant(job: { _id: string }) {
  const performer = await createUser();
  await buyPlan(performer, 'gold');
  const app = await apiAs<{ _id: string }>('POST', `/api/jobs/${job._id}/apply`, performer.token, {});
  return { performer, applicationId: app._id };
}

describe('feedback on a review link', () => {
  it(
    'a producer without a login leaves picks and a comment; the studio sees them on the board and the card',
    async ({ open }) => {
      const studio = await createStudio('Feedback Studio');
      const job = await postJob(studio, { title: 'Lead in a feedback feature' });
      const ana = await applicant(job);
      const ben = await applicant(job);
      const link = await apiAs<{ _id: string; url: string }>('POST', '/api/studio/review-links', studio.token, {
        jobId: job._id,
        applicationIds: [ana.applicationId, ben.applicationId],
        expiresInDays: 3,
        label: 'Director',
      });

      // A fresh browser, no login, on a phone.
      const guest = await open({ viewport: PHONE, path: link.url });
      const { page } = guest;
      await page.getByRole('heading', { name: 'Lead in a feedback feature' }).waitFor();
      // No name yet: the picks wait for it, and an empty name is refused at its field.
      expect(await page.getByRole('button', { name: TAPE_MSG.feedbackSend }).count()).toBe(0);
      await page.getByRole('button', { name: TAPE_MSG.feedbackNameSave }).click();
      await page.getByText(TAPE_MSG.feedbackNameRequired).waitFor();
      await page.getByLabel(TAPE_MSG.feedbackName).fill('Dana Producer');
      await page.getByRole('button', { name: TAPE_MSG.feedbackNameSave }).click();
      await page.getByText(TAPE_MSG.feedbackAs('Dana Producer')).waitFor();

      const anaForm = page.getByRole('form', { name: `${TAPE_MSG.feedbackTitle}: ${personName(ana.performer.fname)}` });
      const benForm = page.getByRole('form', { name: `${TAPE_MSG.feedbackTitle}: ${personName(ben.performer.fname)}` });
      // Sending without a pick says what is missing.
      await anaForm.getByRole('button', { name: TAPE_MSG.feedbackSend }).click();
      await anaForm.getByText(TAPE_MSG.feedbackPickRequired).waitFor();
      await anaForm.getByRole('radio', { name: TAPE_MSG.feedbackPickLabel.yes }).check();
      await anaForm.getByLabel(TAPE_MSG.feedbackComment).fill('Strong read.\nBook her for the callback.');
      await anaForm.getByRole('button', { name: TAPE_MSG.feedbackSend }).click();
      await anaForm.getByText(TAPE_MSG.feedbackSent).waitFor();
      await benForm.getByRole('radio', { name: TAPE_MSG.feedbackPickLabel.maybe }).check();
      await benForm.getByRole('button', { name: TAPE_MSG.feedbackSend }).click();
      await benForm.getByText(TAPE_MSG.feedbackSent).waitFor();
      await expectNoOverflow(page, PHONE);
      await expectAccessible(page);

      // A reload keeps the name and what this browser said.
      await page.reload();
      await page.getByText(TAPE_MSG.feedbackAs('Dana Producer')).waitFor();
      await anaForm.getByText(TAPE_MSG.feedbackSaved(TAPE_MSG.feedbackPickLabel.yes)).waitFor();
      expect(await anaForm.getByRole('radio', { name: TAPE_MSG.feedbackPickLabel.yes }).isChecked()).toBe(true);
      await shoot(page, 'review-feedback-room');

      // The studio's board: each pick with the name and the link's label.
      const { page: board } = await open({ viewport: DESKTOP, as: studio, path: `/dashboard/jobs/${job._id}/applicants` });
      const anaPicks = board.getByRole('list', { name: `${TAPE_MSG.feedbackTitle}: ${personName(ana.performer.fname)}` });
      await anaPicks.getByText(TAPE_MSG.feedbackFrom('Dana Producer', 'Director')).waitFor();
      expect(await anaPicks.innerText()).toContain(TAPE_MSG.feedbackPickLabel.yes);
      const benPicks = board.getByRole('list', { name: `${TAPE_MSG.feedbackTitle}: ${personName(ben.performer.fname)}` });
      expect(await benPicks.innerText()).toContain(TAPE_MSG.feedbackPickLabel.maybe);
      await expectAccessible(board);
      await shoot(board, 'review-feedback-board');

      // The card has the comment, line breaks kept.
      await board.getByRole('button', { name: `${APP_MSG.open}: ${personName(ana.performer.fname)}` }).click();
      const card = board.locator('dialog.applicant-dialog');
      await card.getByRole('heading', { name: TAPE_MSG.feedbackTitle }).waitFor();
      await card.getByText('Book her for the callback.').waitFor();
      expect(await card.locator('.feedback-picks-comment').innerText()).toBe('Strong read.\nBook her for the callback.');
      await shoot(board, 'review-feedback-card');
      await board.keyboard.press('Escape');

      // The self-tapes screen lists the link with its label and its feedback.
      await board.goto(`/dashboard/jobs/${job._id}/self-tapes`);
      const row = board.getByTestId('review-link').filter({ hasText: 'Director' });
      await row.getByRole('button', { name: new RegExp(TAPE_MSG.showFeedback) }).click();
      await row.getByText(`${personName(ben.performer.fname)}:`).waitFor();
      await shoot(board, 'review-feedback-link');

      // The performer sees none of it.
      const { page: mine } = await open({ viewport: PHONE, as: ana.performer, path: '/applications' });
      await mine.getByText('Lead in a feedback feature').first().waitFor();
      expect(await mine.locator('body').innerText()).not.toMatch(/Dana Producer|Strong read/);
    },
    SLOW_TEST,
  );

  it(
    'plays a ready tape (the converted MP4 and its poster, through the token) and says Processing… for one still converting, at 390 and 1280 px',
    async ({ open }) => {
      const studio = await createStudio('Tape Room Studio');
      const job = await postJob(studio, { title: 'Lead in a screened feature' });
      const ready = await tapedApplicant(job);
      const converting = await tapedApplicant(job);
      await requestTapes(studio, [ready, converting]);
      await sendTape(ready.performer, playableTape());
      await tapeReady(ready.performer);
      const link = await apiAs<{ _id: string; url: string }>('POST', '/api/studio/review-links', studio.token, {
        jobId: job._id,
        applicationIds: [ready.applicationId, converting.applicationId],
        expiresInDays: 3,
        label: 'Director',
      });

      const { page } = await open({ viewport: PHONE, path: link.url });
      await page.getByRole('heading', { name: 'Lead in a screened feature' }).waitFor();
      const player = page.getByLabel(`Self-tape: ${personName(ready.performer.fname)}`);
      await player.waitFor();
      expect(await player.evaluate((el) => el.tagName)).toBe('VIDEO');
      const token = link.url.split('/review/')[1]!;
      // The converted MP4 and its poster behind the link's token, not the tape's signed address.
      expect(await player.getAttribute('src')).toMatch(new RegExp(`^/api/review/${token}/tapes/[^/?]+\\?file=playback$`));
      const poster = (await player.getAttribute('poster'))!;
      expect(poster).toMatch(new RegExp(`^/api/review/${token}/tapes/[^/?]+\\?file=poster$`));
      const posterAnswer = await page.request.get(poster);
      expect([posterAnswer.status(), posterAnswer.headers()['content-type']]).toEqual([200, 'image/jpeg']);
      expect(await player.evaluate(async (v: HTMLVideoElement) => {
        v.muted = true;
        await v.play();
        v.pause();
        return v.videoWidth;
      })).toBeGreaterThan(0);
      await page.getByText(TAPE_MSG.noTapeYet).waitFor();
      await expectNoOverflow(page);
      await expectAccessible(page);
      await shoot(page, 'review-room-tapes');

      // The other performer's tape arrives: Processing… in the room (no player) until its
      // conversion ends, asked again by itself; this file holds no picture, so it ends with the reason.
      await sendTape(converting.performer, slowToFailTape());
      await page.reload();
      const waiting = page.getByRole('group', { name: `Self-tape: ${personName(converting.performer.fname)}` });
      await waiting.getByRole('status').filter({ hasText: PLAYBACK_MSG.processing }).waitFor();
      expect(await page.locator('video').count()).toBe(1);
      await expectNoOverflow(page);
      await shoot(page, 'review-room-processing');
      await waiting.getByText(PLAYBACK_MSG.failed(PLAYBACK_MSG.conversionFailed)).waitFor({ timeout: 120_000 });
    },
    SLOW_TEST,
  );
});
