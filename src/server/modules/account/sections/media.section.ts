/** Uploaded files and the media lists; their stored files are deleted with the account. */
import { asc, eq } from 'drizzle-orm';
import { uploads, userMedia } from '../../../db/schema/index.js';
import type { AccountSection } from '../account-sections.js';

export const mediaSection: AccountSection = {
  name: 'media',
  async export(db, account) {
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
  async erase(tx, account) {
    await tx.delete(userMedia).where(eq(userMedia.userId, account.id));
    const gone = await tx.delete(uploads).where(eq(uploads.userId, account.id)).returning({ key: uploads.key, thumbKey: uploads.thumbKey });
    return gone.flatMap((u) => (u.thumbKey ? [u.key, u.thumbKey] : [u.key]));
  },
};
