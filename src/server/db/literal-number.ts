import { sql } from 'drizzle-orm';

/**
 * A whole number written into a statement's text rather than sent as a parameter: for
 * the constants of named statements, which PostgreSQL keeps one plan of per connection,
 * and above all their fixed limits.
 * It plans that generic plan without the parameters' values, and it prices a LIMIT it
 * cannot see as a tenth of the rows; the generic plan then looks dearer than each custom
 * one, and PostgreSQL goes on planning the statement at every execution
 * (docs/performance.md, "The studio search on a miss").
 *
 * The answer is typed as a number so that `.limit()` takes it: drizzle writes an SQL
 * object given there into the text as it is (its pg-core dialect), though its types ask
 * for a number or a placeholder. In a `sql` template it is the same literal.
 */
export function literalNumber(n: number): number {
  if (!Number.isSafeInteger(n)) throw new Error(`literalNumber takes a whole number, not ${n}`);
  return sql.raw(String(n)) as unknown as number;
}
