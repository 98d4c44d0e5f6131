import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorCodeOf } from '../contract/error-codes.js';
import { AppError, ERRORS, errors } from './errors.js';

describe('the error catalogue', () => {
  it('lists each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('reads a known code and nothing else', () => {
    expect(errorCodeOf('otp_wrong')).toBe('otp_wrong');
    expect(errorCodeOf('no_such_code')).toBeUndefined();
    expect(errorCodeOf(42)).toBeUndefined();
  });

  it('gives every listed code a status, and no other code', () => {
    expect(Object.keys(ERRORS).sort()).toEqual([...ERROR_CODES].sort());
    for (const entry of Object.values(ERRORS)) expect(entry.status).toBeGreaterThanOrEqual(400);
  });

  it('makes every error with the status and words its code has in the table', () => {
    const made = Object.entries(errors).map(([name, factory]) => {
      // Each factory with plausible arguments: the general ones take words, the named ones their details.
      const args: Record<string, unknown[]> = {
        badRequest: ['x'], validation: ['x', 'email'], validationEach: ['x', [{ field: 'a', msg: 'x' }]], paymentRequired: ['x'], forbidden: ['x'], conflict: ['x'],
        badGateway: ['x'], tooManyRequests: [3], otpResendTooSoon: [30], requestTimeout: ['x'], ofFastifyStatus: [400, 'x'],
        planAlreadyQueued: ['Gold', new Date()], quotaExhausted: [3, '1 Dec 2026'], tooManyPages: [9],
        invalidCursor: ['jobs'], roleApplied: ['Lead'], deadlineTooSoon: [new Date(), 48],
      };
      return [name, (factory as (...a: unknown[]) => AppError)(...(args[name] ?? []))] as const;
    });
    for (const [name, e] of made) {
      expect(e, name).toBeInstanceOf(AppError);
      expect(e.status, name).toBe(ERRORS[e.code].status);
      const words = (ERRORS[e.code] as { msg?: string }).msg;
      if (words && !['unknownRole', 'notIssued', 'invalidCursor'].includes(name) && e.message !== 'x') expect(e.message, name).toBe(words);
    }
  });

  it('says the earliest allowed deadline as a field, rounded up to the minute', () => {
    const e = errors.deadlineTooSoon(new Date('2026-12-01T17:00:20Z'), 48);
    expect(e.details).toEqual({ earliest: '2026-12-01T17:01:00.000Z' });
    expect(e.field).toBe('deadline');
    expect(e.message).toContain('Tue, 1 Dec 2026, 17:01 Coordinated Universal Time (UTC)');
  });
});
