/**
 * Holds open events streams for bench/messages.ts in a process of its own, so no process
 * needs more sockets than its open-files limit allows: `node --import tsx
 * bench/stream-holder.ts <file>` reads `{ baseUrl, tokens }` from the JSON file, opens one
 * stream per token (100 at a time), prints "open <n>" and holds them until its stdin ends.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';

/**
 * An open events stream read with a plain socket of its own (no pool limits it). Calls
 * `seen(marker)` for every `bench-<n>` marker in a message event's text.
 */
export function openEventStream(baseUrl: string, token: string, seen?: (marker: number) => void): Promise<{ close(): void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/api/events`, { agent: false, headers: { 'x-auth-token': token, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`events answered ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (seen) for (const m of chunk.matchAll(/bench-(\d+)\b/g)) seen(Number(m[1]));
      });
      res.on('error', () => {});
      resolve({ close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

/** Opens a stream per token, `atOnce` at a time. */
export async function openEventStreams(baseUrl: string, tokens: string[], seen?: (marker: number) => void, atOnce = 100): Promise<{ close(): void }[]> {
  const streams: { close(): void }[] = [];
  for (let i = 0; i < tokens.length; i += atOnce) {
    streams.push(...(await Promise.all(tokens.slice(i, i + atOnce).map((t) => openEventStream(baseUrl, t, seen)))));
  }
  return streams;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { baseUrl, tokens } = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { baseUrl: string; tokens: string[] };
  openEventStreams(baseUrl, tokens).then(
    (streams) => {
      process.stdout.write(`open ${streams.length}\n`);
      process.stdin.resume();
      process.stdin.on('end', () => {
        streams.forEach((s) => s.close());
        process.exit(0);
      });
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
