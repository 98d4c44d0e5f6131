import { describe, expect, it } from 'vitest';
import { checkDeadline, checkRetakeDeadline, earliestDeadline, leadHoursFor } from './tape-deadline.js';

const at = (iso: string) => new Date(iso);

describe('the self-tape deadline rule', () => {
  it('counts 48 weekday hours straight through from Monday to Wednesday', () => {
    expect(earliestDeadline(at('2026-11-23T09:30:00Z'), 48).toISOString()).toBe('2026-11-25T09:30:00.000Z');
  });

  it('skips Saturday and Sunday: Thursday noon + 48 h is Monday noon', () => {
    expect(earliestDeadline(at('2026-11-26T12:00:00Z'), 48).toISOString()).toBe('2026-11-30T12:00:00.000Z');
  });

  it('Friday noon + 48 h is Tuesday noon; + 72 h is Wednesday noon', () => {
    expect(earliestDeadline(at('2026-11-27T12:00:00Z'), 48).toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(earliestDeadline(at('2026-11-27T12:00:00Z'), 72).toISOString()).toBe('2026-12-02T12:00:00.000Z');
  });

  it('a request made on the weekend starts counting on Monday 00:00 UTC', () => {
    expect(earliestDeadline(at('2026-11-28T10:00:00Z'), 48).toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(earliestDeadline(at('2026-11-29T23:59:00Z'), 48).toISOString()).toBe('2026-12-02T00:00:00.000Z');
  });

  it('asks 72 hours only when the sides pass 3 pages', () => {
    expect(leadHoursFor(null)).toBe(48);
    expect(leadHoursFor(3)).toBe(48);
    expect(leadHoursFor(4)).toBe(72);
  });

  it('accepts the earliest moment itself and refuses a minute before, with the offset honoured', () => {
    const now = at('2026-11-26T12:00:00Z');
    expect(checkDeadline(now, at('2026-11-30T12:00:00Z'), 1)).toMatchObject({ ok: true, hours: 48 });
    expect(checkDeadline(now, at('2026-11-30T12:59:00+01:00'), 1).ok).toBe(false);
    expect(checkDeadline(now, at('2026-11-30T13:00:00+01:00'), 1).ok).toBe(true);
    expect(checkDeadline(now, at('2026-11-30T12:00:00Z'), 4)).toMatchObject({ ok: false, hours: 72, earliest: at('2026-12-01T12:00:00Z') });
  });
});

describe("a retake's deadline rule", () => {
  it('asks 24 hours, weekends counted: a Friday noon retake may end on Saturday noon', () => {
    const friday = new Date('2026-11-27T12:00:00Z');
    expect(checkRetakeDeadline(friday, new Date('2026-11-28T12:00:00Z'))).toEqual({ ok: true, earliest: new Date('2026-11-28T12:00:00Z') });
    expect(checkRetakeDeadline(friday, new Date('2026-11-28T11:59:00Z')).ok).toBe(false);
  });
});
