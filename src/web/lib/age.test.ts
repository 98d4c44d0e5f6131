/** The editor's age count, which decides when the guardian's fields appear, by the server's rule (docs/guardians.md, "Date of birth"). */
import { describe, expect, it } from 'vitest';
import { ageOn, dobBounds, isMinorOn } from './age.js';

describe('age on the editor', () => {
  it('17 years 364 days is a minor, the 18th birthday is not; 29 February counts from 1 March', () => {
    expect(isMinorOn('2008-11-29', '2026-11-28')).toBe(true);
    expect(isMinorOn('2008-11-28', '2026-11-28')).toBe(false);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('a partial or empty date shows no guardian fields', () => {
    expect(isMinorOn('', '2026-11-28')).toBe(false);
    expect(isMinorOn('2011-05', '2026-11-28')).toBe(false);
  });

  it('bounds the date input to yesterday and at most 100 years ago', () => {
    expect(dobBounds(new Date('2026-11-28T10:00:00Z'))).toEqual({ min: '1926-11-28', max: '2026-11-27' });
  });
});
