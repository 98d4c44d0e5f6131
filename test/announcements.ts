/**
 * Waits until the database announces a change of `key` (migration 0005's NOTIFY).
 * A poll made after that sees the change; on PostgreSQL the announcement travels on
 * its own connection, a moment after the write's commit.
 */
import { CHANNELS } from '../src/server/db/change-feed.js';
import type { TestApp } from './test-app.js';

export function announced(t: TestApp, channel: keyof typeof CHANNELS, key: string, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no change of ${key} announced within ${timeoutMs} ms`)), timeoutMs);
    t.ctx.changes.subscribe(CHANNELS[channel], (changed) => {
      if (changed === key) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}
