/**
 * Small real files for the storage tests (images made with sharp, audio and video from
 * test/fixtures/media) and a multipart body builder for app.inject.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const fixtures = new URL('./fixtures/media/', import.meta.url);

/** A fixture file from test/fixtures/media (see its README for how each was made). */
export const fixture = (name: string): Buffer => readFileSync(new URL(name, fixtures));

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/** A small image in the given format; with `gps`, a JPEG carrying camera make and GPS position in EXIF. */
export async function makeImage(format: ImageFormat, opts: { width?: number; height?: number; gps?: boolean; color?: string } = {}): Promise<Buffer> {
  const image = sharp({
    create: { width: opts.width ?? 64, height: opts.height ?? 48, channels: 3, background: opts.color ?? { r: 200, g: 60, b: 90 } },
  });
  if (opts.gps) {
    return image
      .jpeg()
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'Leaky 1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 0/1' },
      })
      .toBuffer();
  }
  return image.toFormat(format).toBuffer();
}

/** A multipart/form-data body with one file part (and optional text fields before it). */
export function multipart(
  file: { field?: string; filename: string; contentType?: string; body: Buffer },
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----audition${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The first bytes of an MP4 (an ftyp box) that content sniffing recognizes. */
export const MP4_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
]);

/**
 * The head of a playable MP4 of `size` bytes: the clip.mp4 fixture (moov before mdat) with
 * its mdat box stretched to end at `size`. Whatever fills the rest is never read by a player.
 */
export function mp4Head(size: number): Buffer {
  const clip = fixture('clip.mp4');
  if (size < clip.length) throw new Error(`an MP4 is at least ${clip.length} bytes`);
  const mdat = clip.indexOf('mdat') - 4;
  const head = Buffer.from(clip);
  head.writeUInt32BE(clip.readUInt32BE(mdat) + size - clip.length, mdat);
  return head;
}

/** A playable MP4 of exactly `size` bytes (see mp4Head). */
export const makeMp4 = (size: number) => Buffer.concat([mp4Head(size), Buffer.alloc(size - fixture('clip.mp4').length, 7)]);

/** A playable WAV of exactly `size` bytes: a 44-byte header whose sizes are true, then silence (8-bit, mono, 8 kHz). */
export function makeWav(size: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(size - 8, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28); // bytes a second
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(size - 44, 40);
  return Buffer.concat([header, Buffer.alloc(size - 44, 0x80)]);
}
