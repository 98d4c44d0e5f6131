import { describe, expect, it } from 'vitest';
import { parseRange } from './local-storage.js';
import { isValidKey } from './storage.js';

describe('parseRange', () => {
  it.each<[string | undefined, ReturnType<typeof parseRange>]>([
    [undefined, null],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=50-10', null],
    ['bytes=0-1,5-9', null],
    ['items=0-9', null],
    ['bytes=-', null],
  ])('reads %s of a 1000-byte file as %o', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

describe('isValidKey', () => {
  it.each(['images/a-0f.png', 'videos/x_1.mp4', 'audios/tone-1.thumb.webp'])('accepts %s', (key) => {
    expect(isValidKey(key)).toBe(true);
  });
  it.each(['../etc/passwd', 'images/../../x', 'images/a/b.png', 'docs/a.png', 'images/.hidden', 'images/A.PNG', '/images/a.png', 'images/'])(
    'refuses %s',
    (key) => {
      expect(isValidKey(key)).toBe(false);
    },
  );
});
