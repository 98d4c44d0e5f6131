/**
 * A job's roles (docs/marketplace.md, "Roles and pay"): reading them for a page of jobs,
 * writing a studio's whole list, marking one cast, and presenting them.
 */
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { type JobRole, type ParsedRole, type PayKind, type PayUnit } from '../../../contract/jobs.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { applications, jobRoles } from '../../db/schema/index.js';
import { errors } from '../../errors.js';

export type RoleRow = typeof jobRoles.$inferSelect;
type Db = AppContext['db'];

export function presentRole(row: RoleRow): JobRole {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    profession: row.profession,
    gender: row.gender,
    ageMin: row.ageMin,
    ageMax: row.ageMax,
    pay: row.payKind === null ? null : { kind: row.payKind as PayKind, amount: row.payAmount, unit: row.payUnit as PayUnit | null },
    skills: row.skills,
    languages: row.languages,
    status: row.status === 'cast' ? 'cast' : 'open',
  };
}

/** The roles of these jobs, each job's in the studio's order. */
export async function rolesOf(db: Db | Tx, jobIds: readonly string[]): Promise<Map<string, RoleRow[]>> {
  const byJob = new Map<string, RoleRow[]>(jobIds.map((id) => [id, []]));
  if (jobIds.length === 0) return byJob;
  const rows = await db
    .select()
    .from(jobRoles)
    .where(inArray(jobRoles.jobId, [...new Set(jobIds)]))
    .orderBy(asc(jobRoles.position), asc(jobRoles.id));
  for (const row of rows) byJob.get(row.jobId)?.push(row);
  return byJob;
}

const columnsOf = (role: ParsedRole, jobId: string, position: number) => ({
  jobId,
  position,
  name: role.name,
  description: role.description,
  profession: role.profession,
  gender: role.gender,
  ageMin: role.ageMin,
  ageMax: role.ageMax,
  skills: role.skills,
  languages: role.languages,
  payKind: role.pay?.kind ?? null,
  payAmount: role.pay?.amount ?? null,
  payUnit: role.pay?.unit ?? null,
  ...(role.status ? { status: role.status } : {}),
});

/** Whether a write failed on a reference: a role removed while somebody applied to it. */
const isReferenceError = (e: unknown): boolean => {
  for (let x: unknown = e; x && typeof x === 'object'; x = (x as { cause?: unknown }).cause) {
    if ((x as { code?: unknown }).code === '23503') return true;
  }
  return false;
};

/**
 * Writes the studio's whole list in the transaction: a role with an `_id` is kept and
 * changed, one without is new, a missing one is removed only if nobody applied to it
 * (409, and the transaction rolls back: nothing changed). The order is the list's.
 */
export async function writeRoles(tx: Tx, jobId: string, wanted: readonly ParsedRole[], existing: readonly RoleRow[]): Promise<void> {
  const known = new Map(existing.map((r) => [r.id, r]));
  const kept = new Set<string>();
  for (const role of wanted) {
    if (role._id === undefined) continue;
    if (!known.has(role._id)) throw errors.unknownRole();
    if (kept.has(role._id)) throw errors.repeatedRole();
    kept.add(role._id);
  }
  const removed = existing.filter((r) => !kept.has(r.id));
  if (removed.length > 0) {
    const [applied] = await tx
      .select({ roleId: applications.roleId })
      .from(applications)
      .where(inArray(applications.roleId, removed.map((r) => r.id)))
      .limit(1);
    if (applied) throw errors.roleApplied(known.get(applied.roleId!)?.name ?? '');
    try {
      // An application that arrived since the check above makes this fail on its reference.
      await tx.delete(jobRoles).where(and(eq(jobRoles.jobId, jobId), notInArray(jobRoles.id, [...kept, '00000000-0000-0000-0000-000000000000'])));
    } catch (e) {
      if (isReferenceError(e)) throw errors.roleApplied(removed[0]!.name);
      throw e;
    }
  }
  const fresh: ReturnType<typeof columnsOf>[] = [];
  for (const [position, role] of wanted.entries()) {
    if (role._id === undefined) fresh.push(columnsOf(role, jobId, position));
    else await tx.update(jobRoles).set(columnsOf(role, jobId, position)).where(eq(jobRoles.id, role._id));
  }
  if (fresh.length > 0) await tx.insert(jobRoles).values(fresh);
}

/** A new job's roles in place of the one its insert's trigger made from its fields (migration 0027). */
export async function replaceRoles(tx: Tx, jobId: string, wanted: readonly ParsedRole[]): Promise<void> {
  if (wanted.some((r) => r._id !== undefined)) throw errors.unknownRole();
  await tx.delete(jobRoles).where(eq(jobRoles.jobId, jobId));
  await tx.insert(jobRoles).values(wanted.map((role, position) => columnsOf(role, jobId, position)));
}

/** Marks the role cast; an unknown role (or another job's) is not found. */
export async function castRole(db: Db, jobId: string, roleId: string): Promise<boolean> {
  const changed = await db
    .update(jobRoles)
    .set({ status: 'cast' })
    .where(and(eq(jobRoles.id, roleId), eq(jobRoles.jobId, jobId)))
    .returning({ id: jobRoles.id });
  return changed.length > 0;
}
