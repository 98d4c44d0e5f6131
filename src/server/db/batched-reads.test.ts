import { describe, expect, it } from 'vitest';
import { batchedById, readByIdsSized } from './batched-reads.js';

/** A read that records each statement's ids and knows the rows `a` to `e`. */
function recordedRead() {
  const statements: string[][] = [];
  const read = batchedById(async (ids) => {
    statements.push(ids);
    return ids.filter((id) => id < 'f').reverse().map((id) => ({ id, name: `row ${id}` }));
  });
  return { read, statements };
}

describe('batchedById', () => {
  it('answers the reads of one turn from one statement, each with its own row', async () => {
    const { read, statements } = recordedRead();
    const rows = await Promise.all(['a', 'c', 'b'].map(read));
    expect(rows).toEqual([
      { id: 'a', name: 'row a' },
      { id: 'c', name: 'row c' },
      { id: 'b', name: 'row b' },
    ]);
    expect(statements).toEqual([['a', 'c', 'b']]);
  });

  it('answers undefined for an id with no row, and the others still get theirs', async () => {
    const { read } = recordedRead();
    const [missing, found] = await Promise.all([read('zz'), read('d')]);
    expect(missing).toBeUndefined();
    expect(found).toEqual({ id: 'd', name: 'row d' });
  });

  it('reads again in a later turn: nothing is kept between statements', async () => {
    const { read, statements } = recordedRead();
    await read('a');
    await read('a');
    expect(statements).toEqual([['a'], ['a']]);
  });

  it('splits a large turn into statements of at most 100 ids', async () => {
    const { read, statements } = recordedRead();
    const ids = Array.from({ length: 250 }, (_, i) => `x${i}`);
    await Promise.all(ids.map(read));
    expect(statements.map((s) => s.length)).toEqual([100, 100, 50]);
  });

  it('fails every read of the statement when the statement fails', async () => {
    const read = batchedById<{ id: string }>(async () => {
      throw new Error('connection lost');
    });
    const results = await Promise.allSettled([read('a'), read('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});

describe('readByIdsSized', () => {
  it('prepares one statement per batch size, and pads a batch with its last id', async () => {
    const prepared: number[] = [];
    const executed: Record<string, string>[] = [];
    const readMany = readByIdsSized((whereIdIn, size) => {
      prepared.push(size);
      return {
        execute: async (params) => {
          executed.push(params);
          return [...new Set(Object.values(params))].map((id) => ({ id }));
        },
      };
    });
    expect(await readMany(['a', 'b', 'c'])).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    expect(executed.at(-1)).toEqual({ id0: 'a', id1: 'b', id2: 'c', id3: 'c' });
    await readMany(['d', 'e', 'f', 'g']);
    await readMany(['h']);
    await readMany(Array.from({ length: 70 }, (_, i) => `x${i}`));
    // Sizes 4 (twice), 1 and 100: three statements, the size-4 one reused.
    expect(prepared).toEqual([4, 1, 100]);
    expect(Object.keys(executed.at(-1)!)).toHaveLength(100);
  });
});
