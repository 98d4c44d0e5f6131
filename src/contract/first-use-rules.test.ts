/** Issue 49 (first use, third pass): rules the page and the server share, checked where they are typed. */
import { describe, expect, it } from 'vitest';
import { appearanceFields, firstProblem, password, phone } from './field-rules.js';
import { MSG } from './messages.js';

describe('shared field rules', () => {
  it('refuses four emoji as a password, as the server does (item 19)', () => {
    expect(firstProblem(password, '😀😀😀😀')).toBe(MSG.passwordTooShort);
    expect(firstProblem(password, '😀😀😀😀😀😀😀😀')).toBeNull();
  });
  it('refuses a 2-digit phone (item 16)', () => {
    expect(firstProblem(phone, '12')).toBe(MSG.phoneTooShort(6));
    expect(firstProblem(phone, '9876543210')).toBeNull();
  });
  it('refuses age "abc" and keeps an empty or whole age (item 11)', () => {
    expect(firstProblem(appearanceFields.age, 'abc')).toBe(MSG.ageInvalid);
    expect(firstProblem(appearanceFields.age, '')).toBeNull();
    expect(firstProblem(appearanceFields.age, '27')).toBeNull();
  });
});
