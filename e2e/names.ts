/**
 * Checks that a person's name is nowhere in a page's text or a list of texts. Names read
 * capitalised on screen (personName) and are stored as typed or lower-cased, so both forms
 * are looked for, each case-sensitively as a substring: an exact `not.toContain(fname)`
 * on a list or a capitalised page would pass even with the name shown.
 */
import { expect } from 'vitest';
import { personName } from '../src/contract/names.js';

export function expectNameAbsent(seen: string | readonly string[], fname: string): void {
  const text = typeof seen === 'string' ? seen : seen.join('\n');
  for (const form of new Set([personName(fname), fname.toLocaleLowerCase('en'), fname])) {
    expect(text.includes(form), `${JSON.stringify(form)} is shown`).toBe(false);
  }
}
