import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.js';
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

describe('the local disk adopting a finished file', () => {
  it('moves it to its key: the bytes are there, the file it came from is not, and a bad key is refused', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'audition-adopt-'));
    try {
      const storage = createLocalStorage(path.join(dir, 'uploads'));
      const from = path.join(dir, 'finished-upload');
      await writeFile(from, 'twelve bytes');
      expect(await storage.adopt!('videos/clip-1.mp4', from)).toEqual({ size: 12 });
      expect(await readFile(path.join(dir, 'uploads', 'videos', 'clip-1.mp4'), 'utf8')).toBe('twelve bytes');
      expect(existsSync(from)).toBe(false);
      await writeFile(from, 'again');
      await expect(storage.adopt!('../outside', from)).rejects.toThrow(/invalid storage key/);
      expect(existsSync(from)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
