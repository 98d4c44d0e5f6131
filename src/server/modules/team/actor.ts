/** Who did something for a studio, as answers and histories name them (docs/team.md). */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';

export async function actorOf(ctx: AppContext, actorId: string): Promise<{ _id: string; name: string } | undefined> {
  if (!actorId) return undefined;
  const [row] = await ctx.db.select({ fname: users.fname }).from(users).where(eq(users.id, actorId));
  return row ? { _id: actorId, name: row.fname } : undefined;
}
