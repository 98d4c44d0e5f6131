import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorCodeOf } from '../contract/error-codes.js';
import { errors } from './errors.js';

describe('the error catalogue', () => {
  it('lists each code once', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('reads a known code and nothing else', () => {
    expect(errorCodeOf('otp_wrong')).toBe('otp_wrong');
    expect(errorCodeOf('no_such_code')).toBeUndefined();
    expect(errorCodeOf(42)).toBeUndefined();
  });

  it('gives every factory a status and a listed code', () => {
    const made = [
      errors.badRequest('x'),
      errors.validation('x', 'email'),
      errors.unauthorized(),
      errors.paymentRequired('x', 'quota_exhausted'),
      errors.forbidden('x'),
      errors.notFound(),
      errors.conflict('x'),
      errors.gone('x', 'link_ended'),
      errors.tooLarge(),
      errors.unsupportedType('x'),
      errors.tooManyRequests(3),
      errors.badGateway('x'),
      errors.unavailable(),
    ];
    expect(made.map((e) => e.status)).toEqual([400, 400, 401, 402, 403, 404, 409, 410, 413, 415, 429, 502, 503]);
    for (const e of made) expect(ERROR_CODES).toContain(e.code);
  });
});
