/**
 * /messages/{id}: older pages on scroll up, texts shown as text with safe links, the error
 * at the field, a draft kept per conversation, and a failed message sent again.
 */
import { describe, expect } from 'vitest';
import { CONVERSATION_MSG } from '../src/contract/conversations-texts.js';
import { baseUrl, createStudio, expectAccessible, expectNoOverflow, it, PHONE, shoot } from './harness.js';
import { apiPost, createPaidPerformer, logInWithRole } from './messages-data.js';

describe('/messages/{id}', () => {
  it('at 390 px the top bar is one short row and the thread\'s header is not under it (issue 36 item 10)', async ({ open }) => {
    const studio = await createStudio('Header Studio');
    const performer = await createPaidPerformer('header performer');
    const { _id: id } = await apiPost<{ _id: string }>('/api/conversations', { with: studio._id }, performer.token);
    for (let i = 1; i <= 30; i++) await apiPost(`/api/conversations/${id}/messages`, { text: `Line ${i}` }, studio.token);
    const { page } = await open({ viewport: PHONE });
    await logInWithRole(page, performer, 'performer');
    await page.goto(`/messages/${id}`);
    await page.getByRole('heading', { name: 'Header Studio' }).waitFor();
    const nav = await page.locator('header.nav').boundingBox();
    expect(nav!.height).toBeLessThanOrEqual(64);
    // The newest messages show (the thread scrolls itself to the bottom); its header stays in sight below the bar.
    await expect.poll(() => page.locator('.msg-text', { hasText: 'Line 30' }).isVisible()).toBe(true);
    const title = await page.locator('#thread-title').boundingBox();
    const navNow = await page.locator('header.nav').boundingBox();
    expect(title!.y).toBeGreaterThanOrEqual(navNow!.y + navNow!.height);
    // The links are one tap away behind the menu button.
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact us' }).waitFor();
    await shoot(page, 'firstuse-nav-menu');
    await page.keyboard.press('Escape');
    await expectNoOverflow(page);
    // At 1280 px the links are in the bar and no menu button shows.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await menu.isVisible()).toBe(false);
  });

  it('loads older messages on scroll up, shows texts as text, keeps drafts, and retries a failed message', async ({ open }) => {
    const studio = await createStudio('Thread Studio');
    const performer = await createPaidPerformer('thread performer');
    const { _id: id } = await apiPost<{ _id: string }>('/api/conversations', { with: studio._id }, performer.token);
    for (let i = 1; i <= 58; i++) await apiPost(`/api/conversations/${id}/messages`, { text: `Note ${i}` }, studio.token);
    await apiPost(`/api/conversations/${id}/messages`, { text: '<b>not bold</b> <script>alert(1)</script>' }, studio.token);
    await apiPost(`/api/conversations/${id}/messages`, { text: 'Our brief: https://example.com/brief and javascript:alert(1)' }, studio.token);

    const { page } = await open({ viewport: PHONE });
    await logInWithRole(page, performer, 'performer');
    await page.goto(`/messages/${id}`);
    await page.getByRole('heading', { name: 'Thread Studio' }).waitFor();
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Thread Studio · Messages · Audition');
    await expect.poll(() => page.getByTestId('message').count(), { timeout: 10_000 }).toBe(50);

    // Text is text; the one http(s) address is a link that opens only when clicked.
    expect(await page.getByText('<b>not bold</b> <script>alert(1)</script>').count()).toBe(1);
    expect(await page.locator('.msg-bubbles b, .msg-bubbles script').count()).toBe(0);
    const links = page.locator('.msg-bubbles a');
    expect(await links.count()).toBe(1);
    expect(await links.getAttribute('href')).toBe('https://example.com/brief');
    expect(await links.getAttribute('rel')).toBe('noopener noreferrer nofollow');

    // Scrolling to the top loads the older page.
    await page.locator('.msg-scroll').evaluate((el) => el.scrollTo(0, 0));
    await expect.poll(() => page.getByTestId('message').count(), { timeout: 10_000 }).toBe(60);
    expect(await page.getByTestId('message').first().textContent()).toContain('Note 1');

    // An empty message: the error is at the field.
    const box = page.getByRole('textbox', { name: CONVERSATION_MSG.composerLabel, exact: true });
    await page.getByRole('button', { name: CONVERSATION_MSG.send }).click();
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    const described = await box.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe(CONVERSATION_MSG.textRequired);

    // The draft stays with the conversation across screens.
    await box.fill('A draft for later');
    await page.getByRole('link', { name: CONVERSATION_MSG.back }).click();
    await page.locator('.msg-row').first().waitFor();
    await page.locator('.msg-row').first().click();
    await expect.poll(() => box.inputValue(), { timeout: 10_000 }).toBe('A draft for later');

    // A message that fails shows it, and Retry sends it.
    let refuse = true;
    await page.route(`**/api/conversations/${id}/messages`, (route) => {
      if (route.request().method() === 'POST' && refuse) {
        refuse = false;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await box.press('Enter');
    await page.getByTestId('pending-message').getByText(CONVERSATION_MSG.failed).waitFor();
    await shoot(page, 'message-thread-failed');
    await page.getByRole('button', { name: CONVERSATION_MSG.retry }).click();
    await expect.poll(() => page.getByTestId('pending-message').count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByTestId('message').last().textContent()).toContain('A draft for later');
    expect(await box.inputValue()).toBe('');

    await expectNoOverflow(page);
    await expectAccessible(page);
    await box.focus();
    await shoot(page, 'message-thread');
  });

  it('answers 404 for a conversation that does not exist', async () => {
    const res = await fetch(`${baseUrl()}/messages/00000000-0000-4000-8000-000000000000`);
    expect(res.status).toBe(404);
    expect((await fetch(`${baseUrl()}/messages`)).status).toBe(200);
  });
});
