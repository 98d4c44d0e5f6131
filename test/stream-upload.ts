/**
 * Streams a large generated file to POST /api/storage/{kind} over real HTTP, a megabyte
 * at a time with back-pressure, so neither side ever holds the file (app.inject would
 * buffer it). Used by the 200 MB memory test and by bench/upload.ts.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { once } from 'node:events';
import { mp4Head } from './media-files.js';

const CHUNK = 1024 * 1024;

export interface StreamedUpload {
  status: number;
  body: string;
  /** Milliseconds from the first byte sent to the answer. */
  ms: number;
}

/** Sends `size` bytes starting with `head` (the rest filled with a repeating pattern). */
export async function streamUpload(opts: {
  origin: string;
  path: string;
  token: string;
  filename: string;
  head: Buffer;
  size: number;
}): Promise<StreamedUpload> {
  const boundary = `----audition${randomBytes(8).toString('hex')}`;
  const open = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const close = Buffer.from(`\r\n--${boundary}--\r\n`);
  const filler = Buffer.alloc(CHUNK);
  for (let i = 0; i < CHUNK; i += 1) filler[i] = (i * 31) & 0xff;

  const url = new URL(opts.path, opts.origin);
  const started = performance.now();
  const request = http.request(url, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(open.length + opts.size + close.length),
      'x-auth-token': opts.token,
    },
  });
  const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  const send = async (chunk: Buffer) => {
    if (!request.write(chunk)) await Promise.race([once(request, 'drain'), answered]);
  };

  await send(open);
  await send(opts.head);
  let sent = opts.head.length;
  while (sent < opts.size) {
    const n = Math.min(CHUNK, opts.size - sent);
    await send(n === CHUNK ? filler : filler.subarray(0, n));
    sent += n;
  }
  request.end(close);
  const response = await answered;
  let body = '';
  for await (const chunk of response) body += String(chunk);
  return { status: response.statusCode ?? 0, body, ms: performance.now() - started };
}

/** Samples the process's resident memory until stopped; answers the baseline and the peak. */
export function sampleMemory(everyMs = 20) {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage().rss);
      return { baseline, peak, grewBy: peak - baseline };
    },
  };
}

/**
 * Starts a 200 MB video upload to `baseUrl` and sends its first `sendMb` megabytes, then
 * nothing more: an upload in progress, for the crash and reconnect tests. Answers the request.
 */
export function startHeldUpload(baseUrl: string, token: string, sendMb: number): http.ClientRequest {
  const boundary = `----audition${randomBytes(8).toString('hex')}`;
  const size = 200 * CHUNK;
  const open = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="reel.mp4"\r\n\r\n`);
  const request = http.request(new URL('/api/storage/videos', baseUrl), {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(open.length + size + 40), 'x-auth-token': token },
  });
  request.on('error', () => {});
  request.write(Buffer.concat([open, mp4Head(size)]));
  for (let i = 0; i < sendMb; i += 1) request.write(Buffer.alloc(CHUNK, 7));
  return request;
}
