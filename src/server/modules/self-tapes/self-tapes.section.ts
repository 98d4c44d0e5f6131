/**
 * Self-tapes in the account's export and deletion (docs/self-tapes.md, "Accounts"): a
 * performer's requests and tapes, a studio's sides. Deleting the account removes the tapes
 * and the sides, their files queued for deletion with the account's other files.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { studioFiles, studios, tapeRequests } from '../../db/schema/index.js';

// This area's part of the account export and deletion (docs/account.md), registered in account/sections.ts.
// Shaped as an AccountSection (account/account-sections.ts), which this area does not import.
export const selfTapesSection = {
  name: 'selfTapes',
  async export(db: Db, account: { id: string }) {
    const requests = await db
      .select({ instructions: tapeRequests.instructions, deadline: tapeRequests.deadline, status: tapeRequests.status, declineReason: tapeRequests.declineReason, tapeSubmittedAt: tapeRequests.tapeSubmittedAt, createdAt: tapeRequests.createdAt })
      .from(tapeRequests)
      .where(eq(tapeRequests.performerId, account.id))
      .orderBy(asc(tapeRequests.createdAt), asc(tapeRequests.id));
    const sides = await db
      .select({ pages: studioFiles.pages, uploadedAt: studioFiles.createdAt })
      .from(studioFiles)
      .innerJoin(studios, eq(studios.id, studioFiles.studioId))
      .where(eq(studios.ownerId, account.id))
      .orderBy(asc(studioFiles.createdAt), asc(studioFiles.id));
    return { requests, sides };
  },
  async erase(tx: Tx, account: { id: string }) {
    // Read under the rows' locks first: an UPDATE's RETURNING answers the new (empty) key.
    const tapes = await tx.select({ key: tapeRequests.tapeKey }).from(tapeRequests).where(eq(tapeRequests.performerId, account.id)).for('update');
    await tx.update(tapeRequests).set({ tapeId: null, tapeKey: null, tapeSubmittedAt: null, tapeWatchedAt: null }).where(eq(tapeRequests.performerId, account.id));
    const owned = tx.select({ id: studios.id }).from(studios).where(eq(studios.ownerId, account.id));
    const sides = await tx.delete(studioFiles).where(inArray(studioFiles.studioId, owned)).returning({ key: studioFiles.storageKey });
    return [...tapes.flatMap((t) => (t.key ? [t.key] : [])), ...sides.map((s) => s.key)];
  },
};
