/**
 * A performer's unavailable days (docs/talent.md, "Availability"). The whole list is saved at
 * once (PUT), replacing the old one in one transaction. Conflicts for a studio are the ranges
 * that share a day with a job's shoot dates, without the performer's notes.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { overlaps, type AvailabilityAnswer, type DateRange } from '../../../contract/availability.js';
import type { AppContext } from '../../context.js';
import { CHANNELS } from '../../db/change-feed.js';
import { performerUnavailability } from '../../db/schema/index.js';

export function createAvailabilityService({ db, changes }: Pick<AppContext, 'db' | 'changes'>) {
  async function read(userId: string): Promise<AvailabilityAnswer> {
    const rows = await db
      .select({ from: performerUnavailability.fromDate, to: performerUnavailability.toDate, note: performerUnavailability.note })
      .from(performerUnavailability)
      .where(eq(performerUnavailability.userId, userId))
      .orderBy(asc(performerUnavailability.fromDate), asc(performerUnavailability.toDate), asc(performerUnavailability.id));
    return { unavailable: rows };
  }

  return {
    read,
    async replace(userId: string, unavailable: { from: string; to: string; note: string }[]): Promise<AvailabilityAnswer> {
      await db.transaction(async (tx) => {
        await tx.delete(performerUnavailability).where(eq(performerUnavailability.userId, userId));
        if (unavailable.length) {
          await tx.insert(performerUnavailability).values(unavailable.map((r) => ({ userId, fromDate: r.from, toDate: r.to, note: r.note })));
        }
      });
      // The talent search's cached answers depend on these rows (migration 0053's trigger moves
      // the counter): this instance hears it at once, the others through the change feed.
      changes.announce(CHANNELS.counter, 'performers');
      return read(userId);
    },
    /** Per performer, their ranges overlapping any of the shoot dates (dates only: the note stays the performer's). */
    async conflicts(userIds: string[], shoot: DateRange[]): Promise<Map<string, DateRange[]>> {
      const found = new Map<string, DateRange[]>();
      if (!userIds.length || !shoot.length) return found;
      const rows = await db
        .select({ userId: performerUnavailability.userId, from: performerUnavailability.fromDate, to: performerUnavailability.toDate })
        .from(performerUnavailability)
        .where(and(inArray(performerUnavailability.userId, [...new Set(userIds)])))
        .orderBy(asc(performerUnavailability.fromDate), asc(performerUnavailability.toDate));
      for (const r of rows) {
        if (!shoot.some((s) => overlaps(r, s))) continue;
        const list = found.get(r.userId) ?? [];
        list.push({ from: r.from, to: r.to });
        found.set(r.userId, list);
      }
      return found;
    },
  };
}
