/** Uploaded files and the media lists; their stored files are deleted with the account. */
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { uploads, userMedia } from '../../db/schema/index.js';

// This area's part of the account export and deletion (docs/account.md), registered in account/sections.ts.
// Shaped as an AccountSection (account/account-sections.ts), which this area does not import.
export const mediaSection = {
  name: 'media',
  async export(db: Db, account: { id: string }) {
    const lists = await db
      .select({ mediaType: userMedia.mediaType, url: userMedia.url, addedAt: userMedia.createdAt })
      .from(userMedia)
      .where(eq(userMedia.userId, account.id))
      .orderBy(asc(userMedia.createdAt), asc(userMedia.id));
    const files = await db
      .select({ kind: uploads.kind, url: uploads.url, thumbUrl: uploads.thumbUrl, contentType: uploads.contentType, size: uploads.size, uploadedAt: uploads.createdAt })
      .from(uploads)
      .where(eq(uploads.userId, account.id))
      .orderBy(asc(uploads.createdAt), asc(uploads.id));
    return { lists, files };
  },
  async erase(tx: Tx, account: { id: string }) {
    await tx.delete(userMedia).where(eq(userMedia.userId, account.id));
    const gone = await tx.delete(uploads).where(eq(uploads.userId, account.id)).returning({ key: uploads.key, thumbKey: uploads.thumbKey });
    return gone.flatMap((u) => (u.thumbKey ? [u.key, u.thumbKey] : [u.key]));
  },
};
