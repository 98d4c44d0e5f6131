/** The instant of a page cursor: only dates and times that exist (docs/security.md, "Redirects, raced passwords, secrets in the log, forged cursors, weak secrets"). */
import { describe, expect, it } from 'vitest';
import { isCursorInstant } from './cursor-instant.js';

describe('isCursorInstant', () => {
  it.each(['2026-11-27T01:02:03.456789Z', '2024-02-29T23:59:59.999999Z', '0001-01-01T00:00:00.000000Z', '0099-12-31T00:00:00.000000Z', '9999-12-31T23:59:59.000000Z'])(
    'takes %s',
    (at) => expect(isCursorInstant(at)).toBe(true),
  );

  it.each([
    '2026-02-30T12:00:00.000000Z',
    '2025-02-29T12:00:00.000000Z',
    '2026-04-31T00:00:00.000000Z',
    '2026-13-01T00:00:00.000000Z',
    '2026-00-10T00:00:00.000000Z',
    '2026-01-00T00:00:00.000000Z',
    '2026-01-01T24:00:00.000000Z',
    '2026-01-01T23:60:00.000000Z',
    '2026-01-01T23:59:60.000000Z',
    '0000-01-01T00:00:00.000000Z',
    '2026-01-01T00:00:00.000Z',
    '2026-01-01 00:00:00.000000Z',
    '2026-01-01T00:00:00.000000+01:00',
    '',
  ])('refuses %s', (at) => expect(isCursorInstant(at)).toBe(false));
});
