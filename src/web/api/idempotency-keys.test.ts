/** The web's Idempotency-Key per action (docs/faults.md): one key per write, kept for the same call after a failure. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './client';

beforeEach(() => {
  // The session reads a token from the page's storage; these calls are anonymous.
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers the given statuses in turn and records each call's Idempotency-Key. */
function answering(...statuses: number[]) {
  const keys: (string | undefined)[] = [];
  vi.stubGlobal('fetch', async (_path: string, init: { headers: Record<string, string> }) => {
    keys.push(init.headers['idempotency-key']);
    const status = statuses.shift() ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(status === 503 ? { msg: 'busy', code: 'unavailable' } : {}), { status });
  });
  return keys;
}

describe('the Idempotency-Key of a write', () => {
  it('is the same when the same call is made again after a 503, new for the next action, absent on a read', async () => {
    const keys = answering(503, 204, 204, 204);
    const cancel = () => api('/api/audition/applications/a/slot', { method: 'PUT', json: { slotId: 's' } });
    await expect(cancel()).rejects.toMatchObject({ status: 503 });
    await cancel();
    await cancel();
    await api('/api/audition/applications/a/slot', { method: 'PUT', json: { slotId: 'other' } });
    await api('/api/config').catch(() => {});
    expect(keys[0]).toMatch(/^[\x21-\x7e]{1,100}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys.slice(1, 4)).size).toBe(3);
    expect(keys[4]).toBeUndefined();
  });

  it('keeps a key the caller gave', async () => {
    const keys = answering(204);
    await api('/api/x', { method: 'POST', json: {}, headers: { 'idempotency-key': 'mine' } });
    expect(keys).toEqual(['mine']);
  });
});
