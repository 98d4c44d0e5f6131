/** The in-process limiter: hits sent together each count before any is answered. */
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './rate-limiter.js';

const limiter = createMemoryRateLimiter();
afterAll(async () => {
  await limiter.close();
});

describe('in-process rate limiter', () => {
  it('of 50 hits at once against a limit of 5, exactly 5 pass', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => limiter.hit('together', 5, 60)));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(await limiter.count('together')).toBe(50);
  });

  it('a released hit can be taken again; releasing an unknown key starts nothing', async () => {
    for (let i = 0; i < 3; i++) await limiter.hit('released', 3, 60);
    expect((await limiter.hit('released', 3, 60)).ok).toBe(false);
    await limiter.release('released');
    await limiter.release('released');
    expect((await limiter.hit('released', 3, 60)).ok).toBe(true);
    await limiter.release('never-hit');
    expect(await limiter.count('never-hit')).toBe(0);
  });
});
