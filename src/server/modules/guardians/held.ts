/**
 * What other areas ask about a young performer (docs/guardians.md): whether they are held
 * (under 18, no guardian's consent: private, cannot apply, cannot be messaged or found), and
 * whether a studio should see them as a minor whose guardian consented.
 */
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { performerAges } from '../../db/schema/index.js';

/** True in SQL when the performer of `userId` is held. */
export const heldSql = (userId: AnyPgColumn | SQL): SQL =>
  sql`exists (select 1 from ${performerAges} pa where pa.user_id = ${userId} and pa.minor and pa.consented_at is null)`;

/** True in SQL when the performer of `userId` is a minor whose guardian consented. */
export const minorSql = (userId: AnyPgColumn | SQL): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${performerAges} pa where pa.user_id = ${userId} and pa.minor and pa.consented_at is not null)`;

export async function isHeld(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(performerAges)
    .where(and(eq(performerAges.userId, userId), eq(performerAges.minor, true), isNull(performerAges.consentedAt)));
  return Boolean(row);
}

/** The guardian of a minor who consented, for the copy of a studio's message; null otherwise. */
export async function consentingGuardian(db: Db | Tx, userId: string): Promise<{ name: string; email: string } | null> {
  const [row] = await db
    .select({ name: performerAges.guardianName, email: performerAges.guardianEmail })
    .from(performerAges)
    .where(and(eq(performerAges.userId, userId), eq(performerAges.minor, true), isNotNull(performerAges.consentedAt)));
  return row?.name && row.email ? { name: row.name, email: row.email } : null;
}

/** Of these performers, the minors whose guardian consented. */
export async function minorsAmong(db: Db | Tx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: performerAges.userId })
    .from(performerAges)
    .where(and(sql`${performerAges.userId} in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`, eq(performerAges.minor, true), isNotNull(performerAges.consentedAt)));
  return new Set(rows.map((r) => r.id));
}

/** True in SQL when the users row being written has a date of birth. */
export const hasDateOfBirth: SQL = sql`exists (select 1 from ${performerAges} pa where pa.user_id = ${sql.raw('"users"."id"')})`;
