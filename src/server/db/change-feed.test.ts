import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPerformer } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { CHANNELS, createInvalidatedCache } from './change-feed.js';
import { changeCounters, users } from './schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  return check();
};

describe('the change feed and its caches', () => {
  it('is live once listening', () => {
    expect(t.ctx.changes.live).toBe(true);
  });

  it('serves a cached value without loading, and loads again after the row changes', async () => {
    const p = await buildPerformer(t);
    const cache = createInvalidatedCache<number>(t.ctx.changes, CHANNELS.user);
    let loads = 0;
    const load = async () => {
      loads += 1;
      const [row] = await t.ctx.db.select({ version: users.version }).from(users).where(eq(users.id, p._id));
      return row?.version;
    };
    const first = await cache.get(p._id, load);
    expect(await cache.get(p._id, load)).toBe(first);
    expect(loads).toBe(1);

    const announced: string[] = [];
    t.ctx.changes.subscribe(CHANNELS.user, (key) => announced.push(key));
    await t.ctx.db.update(users).set({ version: sql`${users.version} + 1` }).where(eq(users.id, p._id));
    // The notification arrives after the commit; then the next read loads the new version.
    expect(await until(() => announced.includes(p._id))).toBe(true);
    expect(await cache.get(p._id, load)).toBe(first! + 1);
    expect(loads).toBe(2);
  });

  it('when full, drops the least recently used entry, not all of them', async () => {
    const cache = createInvalidatedCache<string>(t.ctx.changes, CHANNELS.user, 2);
    const loads: string[] = [];
    const load = (key: string) => async () => {
      loads.push(key);
      return `value of ${key}`;
    };
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('a', load('a')); // a is now the most recently used
    await cache.get('c', load('c')); // full: b goes
    expect(await cache.get('a', load('a'))).toBe('value of a');
    expect(await cache.get('c', load('c'))).toBe('value of c');
    expect(loads).toEqual(['a', 'b', 'c']);
    await cache.get('b', load('b'));
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('does not keep a value loaded while the same key changed', async () => {
    const cache = createInvalidatedCache<number>(t.ctx.changes, CHANNELS.counter);
    let loads = 0;
    const stale = await cache.get('studios', async () => {
      loads += 1;
      await t.ctx.db.update(changeCounters).set({ version: sql`${changeCounters.version} + 1` }).where(eq(changeCounters.name, 'studios'));
      await new Promise((r) => setTimeout(r, 50));
      return -1;
    });
    expect(stale).toBe(-1);
    expect(await cache.get('studios', async () => (loads += 1))).toBe(2);
  });

  it('keeps what a load read of another key on the same terms: served without its own load, dropped when that key changes', async () => {
    const cache = createInvalidatedCache<string>(t.ctx.changes, CHANNELS.user);
    await cache.get('member', async (also) => {
      also('studio', 'studio as read with the member');
      return 'member';
    });
    expect(await cache.get('studio', async () => 'studio read alone')).toBe('studio as read with the member');
    cache.forget('studio');
    expect(await cache.get('studio', async () => 'studio read alone')).toBe('studio read alone');

    // Read while something changed: neither is kept.
    await cache.get('member 2', async (also) => {
      also('studio 2', 'stale');
      cache.forget('unrelated');
      return 'member 2';
    });
    expect(await cache.get('studio 2', async () => 'fresh')).toBe('fresh');
    expect(await cache.get('member 2', async () => 'member 2 again')).toBe('member 2 again');
  });

  it('forgets at once when told (an instance’s own write)', async () => {
    const cache = createInvalidatedCache<string>(t.ctx.changes, CHANNELS.user);
    await cache.get('k', async () => 'old');
    cache.forget('k');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });
});
