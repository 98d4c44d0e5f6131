import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../contract/limits';
import { toastLifeMs } from './toast-life';

describe('how long a toast stands', () => {
  it('an error closes after the spec’s 5000 ms however long it is', () => {
    expect(toastLifeMs('Wrong code', 'error')).toBe(5000);
    expect(toastLifeMs('word '.repeat(80), 'error')).toBe(5000);
  });

  it('a short success stands 5000 ms; a close naming many people stands for its reading time', () => {
    expect(toastLifeMs('Saved', 'success')).toBe(LIMITS.toastMs);
    const close = `“Lead” is closed. Told the job closed (3), with the reason below: ${'Asha Rao (Lead), '.repeat(12)}and more.`;
    const words = close.split(/\s+/).length;
    expect(words).toBeGreaterThan(40);
    expect(toastLifeMs(close, 'success')).toBe(words * 300);
  });
});
