/**
 * A search whose tier reads "the first 50 matches" of a scan of the whole table answers
 * the same studios every time, however large the table (src/server/db/client.ts,
 * STABLE_SCANS). Its own app: the table is grown past a quarter of the engine's shared
 * buffers, where PostgreSQL would otherwise start each scan where the last one stopped.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Studio } from '../../../contract/studios.js';
import { rowsOf } from '../../db/raw.js';
import { seedStudios } from '../../seed/index.js';
import { newAddress } from '../../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const [limits] = await rowsOf<{ quarter: string }>(t.ctx.db, sql`select pg_size_bytes(current_setting('shared_buffers')) / 4 as quarter`);
  // Ten thousand studios at a time until the table is past the size where scans synchronize.
  for (;;) {
    await seedStudios(t.ctx.db, 10_000);
    const [size] = await rowsOf<{ bytes: string }>(t.ctx.db, sql`select pg_relation_size('studios') as bytes`);
    if (Number(size!.bytes) > Number(limits!.quarter) * 1.2) break;
  }
  await t.ctx.db.execute(sql`analyze studios`);
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** The ids a search answers; each letter case is its own cache entry, so each call searches. */
async function ids(text: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/showAllStudioList?search=${encodeURIComponent(text)}`, remoteAddress: newAddress() });
  expect(res.statusCode).toBe(200);
  return (res.json() as Studio[]).map((s) => s._id);
}

describe('the studio search on a large table', () => {
  it('answers the same studios to the same text each time it searches', async () => {
    for (const text of ['studio', 'films']) {
      const first = await ids(text);
      expect(first).toHaveLength(20);
      for (const again of [text.toUpperCase(), text[0]!.toUpperCase() + text.slice(1), `${text.slice(0, -1)}${text.at(-1)!.toUpperCase()}`]) {
        expect(await ids(again)).toEqual(first);
      }
    }
  });
});
