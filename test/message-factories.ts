/** Helpers of the messages tests: a plan bought through the demo checkout, calls as an account, an open events stream. */
import type { TestApp } from './test-app.js';
import { newAddress } from './factories.js';

type Method = 'GET' | 'POST' | 'DELETE';

export const callAs = (t: TestApp, method: Method, url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

/** Buys Gold through the offline demo checkout (the test app has no PayPal settings). */
export async function buyPlan(t: TestApp, token: string): Promise<void> {
  const created = await callAs(t, 'POST', '/api/payments/orders', token, { plan: 'gold' });
  if (created.statusCode !== 200) throw new Error(`order failed: ${created.body}`);
  const { id } = created.json() as { id: string };
  const captured = await callAs(t, 'POST', `/api/payments/orders/${id}/capture`, token);
  if (captured.statusCode !== 200) throw new Error(`capture failed: ${captured.body}`);
}

export interface ReadEvent {
  id: string;
  event: string;
  data: unknown;
}

/** Reads a Server-Sent Events stream with fetch: its events as they come, and its comment lines. */
export async function openEvents(url: string, headers: Record<string, string> = {}, opts: { headWithinMs?: number } = {}) {
  const controller = new AbortController();
  // A head that does not come within `headWithinMs` fails the call (a stream that hangs while it opens).
  const late = opts.headWithinMs === undefined ? undefined : setTimeout(() => controller.abort(), opts.headWithinMs);
  const res = await fetch(url, { headers, signal: controller.signal }).finally(() => clearTimeout(late));
  const events: ReadEvent[] = [];
  const comments: string[] = [];
  let ended = false;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  const done = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = res.body.getReader();
      for (;;) {
        const { done: finished, value } = await reader.read();
        if (finished) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else {
              const at = line.indexOf(':');
              if (at > 0) fields[line.slice(0, at)] = line.slice(at + 1).trimStart();
            }
          }
          if (fields.data !== undefined) events.push({ id: fields.id ?? '', event: fields.event ?? 'message', data: JSON.parse(fields.data) });
          wake();
        }
      }
    } catch {
      // aborted
    }
    ended = true;
    wake();
  })();
  return {
    res,
    events,
    comments,
    get ended() {
      return ended;
    },
    /** Waits until `test` holds (checked at every event), or fails after `ms`. */
    async until(test: () => boolean, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (!test()) {
        if (Date.now() > deadline) throw new Error(`stream: condition not met; events: ${JSON.stringify(events)}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
    },
    async close() {
      controller.abort();
      await done;
    },
  };
}
