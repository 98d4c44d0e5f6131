/**
 * The talent search's answers are cached by the 'performers' change counter, which a trigger
 * on users bumps only when a column the search reads changes (migrations 0019 and 0042;
 * docs/performance.md). A column the search reads but the trigger does not watch leaves every
 * other instance answering from a stale cache, so the trigger's list is checked against the
 * columns the search's code names.
 */
import { readFileSync } from 'node:fs';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPerformer, newAddress } from '../../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { users } from '../../db/schema/index.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The users columns (as SQL names) that the talent search's statements and its card read. */
function columnsTheSearchReads(): string[] {
  const sources = ['talent-search.ts', 'talent.presenter.ts'].map((f) => readFileSync(new URL(f, import.meta.url), 'utf8'));
  const byKey = getTableColumns(users) as Record<string, { name: string }>;
  const keys = new Set(sources.flatMap((s) => [...s.matchAll(/\busers\.(\w+)/g)].map((m) => m[1]!)));
  // The id never changes, so there is nothing to watch.
  keys.delete('id');
  expect(keys.size).toBeGreaterThan(10);
  return [...keys].map((k) => {
    expect(byKey[k], `users.${k} is a column`).toBeDefined();
    return byKey[k]!.name;
  });
}

/** The first row of a statement (both engines' drivers answer `{ rows }`). */
const firstRow = async <T>(query: SQL) => ((await t.ctx.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

const performersVersion = async () =>
  Number((await firstRow<{ version: string }>(sql`select version::text as version from change_counters where name = 'performers'`)).version);

describe('the talent cache trigger', () => {
  it('watches every column the talent search reads', async () => {
    const { def: definition } = await firstRow<{ def: string }>(sql`select pg_get_functiondef('talent_listed_rows_changed'::regproc) as def`);
    const unwatched = columnsTheSearchReads().filter((c) => !new RegExp(`\\bn\\.${c}\\b`).test(definition) || !new RegExp(`\\bo\\.${c}\\b`).test(definition));
    expect(unwatched).toEqual([]);
  });

  it("moves the search's version when a public performer first states their profile", async () => {
    const p = await buildPerformer(t, { fname: 'First Stated' });
    await t.app.inject({ method: 'POST', url: '/api/audition/updateBasicInfo', headers: { 'x-auth-token': p.token }, payload: { visibility: 'public' }, remoteAddress: newAddress() });
    await t.ctx.db.update(users).set({ profileStatedAt: null }).where(sql`${users.id} = ${p._id}`);
    const before = await performersVersion();
    // Only the stated time changes, as a first save with the default choices does.
    await t.ctx.db.update(users).set({ profileStatedAt: new Date() }).where(sql`${users.id} = ${p._id}`);
    expect(await performersVersion()).toBeGreaterThan(before);
  });

  it("leaves the version alone when a column the search does not read changes (a login's token version)", async () => {
    const p = await buildPerformer(t, { fname: 'Quiet Change' });
    const before = await performersVersion();
    await t.ctx.db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(sql`${users.id} = ${p._id}`);
    expect(await performersVersion()).toBe(before);
  });
});
