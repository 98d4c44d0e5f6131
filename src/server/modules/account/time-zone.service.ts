/**
 * The caller's own time zone (docs/account.md, "Time zone"): a member of a casting office
 * keeps its own, never the studio's. The body's zone is already checked against Intl's
 * zones by its schema (contract/account.ts), so a bad one never reaches here.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { readerZone } from '../../db/reader-zone.js';
import { users } from '../../db/schema/index.js';

export function createTimeZoneService(ctx: AppContext) {
  return {
    read: async (actorId: string) => ({ timeZone: await readerZone(ctx.db, actorId) }),
    async save(actorId: string, timeZone: string) {
      await ctx.db.update(users).set({ timeZone }).where(eq(users.id, actorId));
      return { timeZone };
    },
  };
}
