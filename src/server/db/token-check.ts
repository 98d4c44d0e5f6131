/**
 * What the auth hook's token check (plugins/auth.ts) reads of the user, in one statement. A
 * read that needs more of the user row on the same request selects these too, so one query
 * stands for both (`requirePerformerReading`, docs/performance.md).
 */
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from './schema/index.js';

export const tokenCheckColumns = {
  tokenVersion: users.tokenVersion,
  version: users.version,
  subscriptionEnd: users.subscriptionEnd,
  // With subscriptionEnd, says when a queued plan takes over (docs/product.md §11.10).
  queuedPlanName: users.queuedPlanName,
  role: users.role,
  // A member of a casting office acts for the studio it belongs to, within its role (docs/team.md).
  memberOf: users.memberOf,
  studioRole: users.studioRole,
  // The user's tokens ended by their own logout, read in the same query (docs/security.md, "Logout").
  // A space-separated list (ids never hold one) reads the same from PostgreSQL and PGlite.
  // "users"."id" written out: drizzle writes a one-table select's columns unqualified, and a
  // bare "id" in the subquery would mean revoked_tokens' own column if it ever had one.
  revoked: sql<string>`coalesce((select string_agg(r.jti, ' ') from revoked_tokens r where r.user_id = ${users}.${sql.identifier(users.id.name)} and r.expires_at > now()), '')`,
};

/** The studio a member acts for, as the auth hook's token check joins it (plugins/auth.ts). */
export const studioOfMember = alias(users, 'studio_of_member');

/**
 * The same columns of a member's studio, read in the member's own token check: the studio's
 * whole check, its ended tokens included, since the auth hook keeps it as the studio's own.
 * Null columns when the user is no member.
 */
export const studioCheckColumns = {
  tokenVersion: studioOfMember.tokenVersion,
  version: studioOfMember.version,
  subscriptionEnd: studioOfMember.subscriptionEnd,
  queuedPlanName: studioOfMember.queuedPlanName,
  role: studioOfMember.role,
  memberOf: studioOfMember.memberOf,
  studioRole: studioOfMember.studioRole,
  revoked: sql<string>`coalesce((select string_agg(r.jti, ' ') from revoked_tokens r where r.user_id = ${studioOfMember.id} and r.expires_at > now()), '')`,
};

/** A row holding at least the token check's columns. */
export interface TokenCheckRow {
  tokenVersion: number;
  version: number;
  subscriptionEnd: Date | null;
  queuedPlanName: string;
  role: string;
  memberOf: string | null;
  studioRole: string | null;
  revoked: string;
}

