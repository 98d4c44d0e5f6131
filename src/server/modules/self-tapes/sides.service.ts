/**
 * Sides (docs/self-tapes.md, "Sides"): a studio's upload of a PDF and a performer's stamped
 * download. The upload streams to private storage, within the studio's quota and hourly
 * rate; the PDF work (the check of an upload, the stamp of a download) runs in a pool worker
 * under a time and memory limit (docs/security.md, "PDFs: parsed, stamped and drawn off the main thread"), and reads the stored
 * file there, so the main thread never holds a file whole nor parses one.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { and, count, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { TAPE_LIMITS, TAPE_MSG } from '../../../contract/self-tapes.js';
import type { AppContext } from '../../context.js';
import { sidesDownloads, studioFiles, studios, tapeRequests, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { isUuid } from '../../lib/uuid.js';
import { WorkerBusyError, WorkerLimitError, workerPool, WorkerTaskError } from '../../lib/worker-pool.js';
import { enforceLimit } from '../../rate-limit/enforce-limit.js';
import { readHead } from '../media/index.js';
import { createStudioAccountsService } from '../studio-accounts/index.js';
import type { PdfSource } from './stamp-sides.js';

/** The day as screens write one, "28 Nov 2026" (docs/screens.md, "Dates and money"), not "2026-11-28"; the server's day is UTC's. */
const stampDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** The line stamped on every page: a name can be made of characters that draw nothing, an e-mail address cannot. */
export const stampText = (name: string, email: string, date: Date) => `${name} · ${email} · ${stampDay.format(date)}`;

/** The worker's task module (stamp-sides.ts): loaded in the worker, never here but for its types. */
const TASKS = new URL('./stamp-sides.ts', import.meta.url);

export function createSidesService(ctx: AppContext) {
  const { db, storage } = ctx;
  const accounts = createStudioAccountsService(ctx);

  async function sourceOf(key: string): Promise<PdfSource> {
    const location = await storage.locate(key);
    if (!location) throw errors.notFound(TAPE_MSG.sidesNotFound);
    return location.kind === 'local' ? { kind: 'local', file: path.join(location.root, ...location.path.split('/')) } : { kind: 'url', url: location.url };
  }

  /** A task of stamp-sides.ts in the pool: a PDF it refuses, or one past the worker's limits, is unreadable. */
  async function inWorker<T>(fn: 'checkSides' | 'stampSides', args: unknown[]): Promise<T> {
    try {
      return await workerPool().run<T>(TASKS, fn, args);
    } catch (err) {
      if (err instanceof WorkerBusyError) throw errors.unavailable();
      if (err instanceof WorkerLimitError || (err instanceof WorkerTaskError && err.taskError === 'PdfRefused')) {
        throw errors.pdfUnreadable();
      }
      throw err;
    }
  }

  const quotaFull = () => errors.sidesQuotaFull();
  const filesOf = async (studioId: string, q: Pick<typeof db, 'select'> = db) =>
    (await q.select({ n: count() }).from(studioFiles).where(eq(studioFiles.studioId, studioId)))[0]!.n;

  return {
    /** POST /api/studio/files: a PDF of sides, checked by content and page count, stored privately. */
    async uploadSides(userId: string, part: MultipartFile): Promise<{ fileId: string; pages: number }> {
      const refuse = (error: Error) => {
        part.file.resume();
        return error;
      };
      const studio = await accounts.ownStudio(userId);
      await enforceLimit(ctx, `sides:studio:${studio.id}`, { limit: TAPE_LIMITS.sidesPerHour, windowSec: 3600 }).catch((err: Error) => {
        throw refuse(err);
      });
      if ((await filesOf(studio.id)) >= TAPE_LIMITS.sidesMaxFiles) throw refuse(quotaFull());
      const { head, whole } = await readHead(part.file);
      if ((await fileTypeFromBuffer(head))?.mime !== 'application/pdf') {
        whole.destroy();
        throw refuse(errors.unsupportedType(TAPE_MSG.sidesNotPdf));
      }
      const key = `private/sides-${randomBytes(12).toString('hex')}.pdf`;
      let size: number;
      try {
        ({ size } = await storage.put(key, whole, 'application/pdf'));
      } catch (error) {
        if (part.file.truncated) throw errors.tooLarge(TAPE_MSG.sidesTooLarge);
        throw error;
      }
      try {
        if (part.file.truncated) throw errors.tooLarge(TAPE_MSG.sidesTooLarge);
        const pages = await inWorker<number>('checkSides', [await sourceOf(key)]);
        if (pages < 1) throw errors.pdfUnreadable();
        if (pages > TAPE_LIMITS.sidesMaxPages) throw errors.tooManyPages(pages);
        // The studio's row lock counts two uploads at once one after the other.
        const fileId = await db.transaction(async (tx) => {
          await tx.select({ id: studios.id }).from(studios).where(eq(studios.id, studio.id)).for('update');
          if ((await filesOf(studio.id, tx)) >= TAPE_LIMITS.sidesMaxFiles) throw quotaFull();
          const [row] = await tx.insert(studioFiles).values({ studioId: studio.id, storageKey: key, pages, size }).returning({ id: studioFiles.id });
          return row!.id;
        });
        return { fileId, pages };
      } catch (error) {
        await storage.delete(key).catch(() => {});
        throw error;
      }
    },

    /** GET …/{id}/sides: the PDF, once accepted, each page stamped with the performer's name, e-mail and the date; each download is recorded. */
    async sides(performerId: string, id: string, now = new Date()): Promise<Buffer> {
      if (!isUuid(id)) throw errors.notFound();
      const [row] = await db.select().from(tapeRequests).where(and(eq(tapeRequests.id, id), eq(tapeRequests.performerId, performerId)));
      if (!row) throw errors.notFound();
      if (!row.sidesFileId) throw errors.notFound(TAPE_MSG.noSides);
      // Read once accepted; a request that expired (or was declined) without ever being accepted stays locked.
      if (row.status === 'requested' || row.status === 'declined' || (row.status === 'expired' && !row.acceptedAt)) {
        throw errors.sidesLocked();
      }
      const [file] = await db.select().from(studioFiles).where(eq(studioFiles.id, row.sidesFileId));
      const [person] = await db.select({ fname: users.fname, email: users.email }).from(users).where(eq(users.id, performerId));
      if (!file || !person) throw errors.notFound(TAPE_MSG.noSides);
      const stamp = stampText(person.fname, person.email, now);
      const pdf = await inWorker<Uint8Array>('stampSides', [await sourceOf(file.storageKey), stamp]);
      await db.insert(sidesDownloads).values({ tapeRequestId: row.id, performerId, studioFileId: file.id, stamp, downloadedAt: now });
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    },
  };
}
