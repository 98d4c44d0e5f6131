import { describe, expect, it } from 'vitest';
import { isValidKey } from './storage.js';

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
