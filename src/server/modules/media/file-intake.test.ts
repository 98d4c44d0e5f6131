import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { makeKey, readHead, safeBaseName, thumbKeyOf, UploadCutOff } from './file-intake.js';

describe('safeBaseName', () => {
  it.each([
    ['Holiday Photo.JPG', 'holiday-photo'],
    ['C:\\Users\\me\\Café crème.png', 'cafe-creme'],
    ['../../etc/passwd', 'passwd'],
    ['<b onload=alert(1)>.png', 'b-onload-alert-1'],
    ['....png', 'file'],
    ['', 'file'],
    [undefined, 'file'],
    ['x'.repeat(300) + '.mp4', 'x'.repeat(60)],
  ])('makes %s into %s', (input, expected) => {
    expect(safeBaseName(input)).toBe(expected);
  });
});

describe('makeKey', () => {
  it('follows the spec layout: {kind}/{filename+random} and images/{userId}_{date}_{filename}', () => {
    expect(makeKey('videos', 'My Clip.mov', 'mp4')).toMatch(/^videos\/my-clip-[0-9a-f]{16}\.mp4$/);
    expect(makeKey('images', 'me.png', 'png', '0b7c5a2e-1111-4222-8333-944455556666')).toMatch(
      /^images\/0b7c5a2e-1111-4222-8333-944455556666_\d{13}_me-[0-9a-f]{6}\.png$/,
    );
    expect(makeKey('audios', 'a.mp3', 'mp3')).not.toBe(makeKey('audios', 'a.mp3', 'mp3'));
    expect(thumbKeyOf('images/a-01.jpg')).toBe('images/a-01.thumb.webp');
  });
});

describe('readHead', () => {
  it('gives the first bytes and then the whole stream, nothing lost or repeated', async () => {
    const chunks = Array.from({ length: 20 }, (_, i) => Buffer.alloc(1000, i));
    const { head, whole } = await readHead(Readable.from(chunks), 4100);
    expect(head.length).toBeGreaterThanOrEqual(4100);
    const all: Buffer[] = [];
    for await (const c of whole) all.push(c as Buffer);
    expect(Buffer.concat(all).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('handles a stream shorter than the head', async () => {
    const { head, whole } = await readHead(Readable.from([Buffer.from('abc')]), 4100);
    expect(head.toString()).toBe('abc');
    const all: Buffer[] = [];
    for await (const c of whole) all.push(c as Buffer);
    expect(Buffer.concat(all).toString()).toBe('abc');
  });

  it('refuses a stream the parser destroyed before anyone listened, rather than waiting for its end', async () => {
    const stream = new Readable({ read() {} });
    // As @fastify/multipart's own listener does for the file streams it hands out.
    stream.on('error', () => {});
    stream.push(Buffer.from('RIFF'));
    stream.destroy(new Error('Part terminated early'));
    await new Promise((resolve) => setImmediate(resolve));
    await expect(readHead(stream)).rejects.toBeInstanceOf(UploadCutOff);
  });

  it('refuses a stream that closes without its end', async () => {
    const stream = new Readable({ read() {} });
    const reading = readHead(stream);
    stream.push(Buffer.from('RIFF'));
    stream.destroy();
    await expect(reading).rejects.toBeInstanceOf(UploadCutOff);
  });
});
