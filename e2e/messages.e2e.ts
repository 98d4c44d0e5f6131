/**
 * /messages: a performer and a studio in two browsers talk; each sees the other's
 * message without a reload, and the nav bar's unread badge moves, live.
 */
import { describe, expect } from 'vitest';
import { CONVERSATION_MSG } from '../src/contract/conversations-texts.js';
import { createStudio, DESKTOP, expectAccessible, expectNoOverflow, it, PHONE, shoot } from './harness.js';
import { createPaidPerformer, logInWithRole } from './messages-data.js';

describe('/messages', () => {
  it('shows an empty state that says what to do next', async ({ open }) => {
    const performer = await createPaidPerformer('lonely performer');
    const { page } = await open({ viewport: PHONE });
    await logInWithRole(page, performer, 'performer');
    await page.goto('/messages');
    await page.getByText(CONVERSATION_MSG.empty).waitFor();
    expect(await page.getByText(CONVERSATION_MSG.emptyPerformer).isVisible()).toBe(true);
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Messages · Audition');
    await expectNoOverflow(page);
    await expectAccessible(page);
    await shoot(page, 'messages-empty');
  });

  it('a performer and a studio talk live in two browsers; the unread badge moves', async ({ open }) => {
    const studio = await createStudio('Live Talk Studio');
    const performer = await createPaidPerformer('talking performer');
    const p = await open({ viewport: DESKTOP });
    const s = await open({ viewport: PHONE });
    await logInWithRole(p.page, performer, 'performer');
    await logInWithRole(s.page, studio, 'studio');
    await s.page.goto('/messages');
    await s.page.getByText(CONVERSATION_MSG.empty).waitFor();

    // The performer starts from the studio's page.
    await p.page.goto(`/studio-detail/${studio.studioId}`);
    await p.page.getByRole('button', { name: CONVERSATION_MSG.message }).click({ timeout: 15_000 });
    await expect.poll(() => new URL(p.page.url()).pathname, { timeout: 10_000 }).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
    const conversationPath = new URL(p.page.url()).pathname;
    await p.page.getByRole('heading', { name: 'Live Talk Studio' }).waitFor();
    await p.page.getByRole('textbox', { name: CONVERSATION_MSG.composerLabel, exact: true }).fill('Hello! I would love to audition.');
    await p.page.keyboard.press('Enter');
    await expect.poll(() => p.page.locator('[data-testid="message"]').last().textContent(), { timeout: 10_000 }).toContain('Hello! I would love to audition.');

    // The studio sees it without a reload: in its list and in the nav badge.
    await expect.poll(() => s.page.getByTestId('nav-unread').textContent(), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => s.page.locator('.msg-row').first().textContent(), { timeout: 10_000 }).toContain('Hello! I would love to audition.');
    await expectNoOverflow(s.page);
    await expectAccessible(s.page);
    await shoot(s.page, 'messages-list');

    // Opening it reads it: the badge goes.
    await s.page.locator('.msg-row').first().click();
    await expect.poll(() => new URL(s.page.url()).pathname, { timeout: 10_000 }).toBe(conversationPath);
    await expect.poll(() => s.page.getByTestId('nav-unread').count(), { timeout: 10_000 }).toBe(0);
    // The performer sees that the studio read it.
    await expect.poll(() => p.page.getByTestId('seen').count(), { timeout: 15_000 }).toBe(1);

    await s.page.getByRole('textbox', { name: CONVERSATION_MSG.composerLabel, exact: true }).fill('Welcome! Come on Monday at 10.');
    await s.page.getByRole('button', { name: CONVERSATION_MSG.send }).click();
    // The performer's open thread shows the reply without a reload.
    await expect.poll(() => p.page.locator('[data-testid="message"]').last().textContent(), { timeout: 15_000 }).toContain('Welcome! Come on Monday at 10.');

    // At 1280 px the list and the thread stand side by side.
    expect(await p.page.locator('.msg-side').isVisible()).toBe(true);
    expect(await p.page.locator('.msg-thread').isVisible()).toBe(true);
    // At 390 px the thread is its own screen.
    expect(await s.page.locator('.msg-side').isVisible()).toBe(false);
    await shoot(p.page, 'messages-side-by-side');
  });
});
