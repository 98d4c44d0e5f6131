/**
 * The `open` fixture's teardown (withContexts in e2e/harness.ts): every context a test made
 * is closed after it, also when the test threw.
 */
import { describe, expect } from 'vitest';
import { it, withContexts } from './harness.js';

describe('the e2e fixture', () => {
  it('closes every context it opened when the test body throws', async ({ browser }) => {
    let pages = 0;
    const failing = withContexts(browser, async (open) => {
      await open();
      const { context } = await open({ path: '/' });
      pages = context.pages().length;
      throw new Error('an assertion failed');
    });
    await expect(failing).rejects.toThrow('an assertion failed');
    expect(pages).toBe(1);
    expect(browser.contexts()).toHaveLength(0);
  });
});
