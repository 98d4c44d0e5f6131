/**
 * Resumable uploads (docs/media.md): tus 1.0.0 at /api/uploads (core, creation, termination,
 * expiration) through @tus/server, behind this app's own checks. Every call needs the
 * caller's login; an upload is found only by the account that made it (any other: 404). A
 * creation is bounded before tus sees it (413 over the kind's limit or the quota, whose bytes
 * it holds from then on), and a finished upload is used once, by id: it is read back from the
 * tus store and stored exactly as a multipart upload is (media.service.ts, self-tapes).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server as TusServer } from '@tus/server';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MARKET_MSG } from '../../../contract/marketplace-messages.js';
import { tooLargeMessage } from '../../../contract/file-checks.js';
import type { StorageKind } from '../../../contract/media.js';
import { TAPE_MSG } from '../../../contract/self-tapes.js';
import { RESUMABLE, UPLOAD_KINDS, UPLOAD_MSG, uploadLimit, type UploadKind } from '../../../contract/uploads.js';
import type { BackgroundJob } from '../../background/runner.js';
import type { AppContext, AuthHooks } from '../../context.js';
import { resumableUploads } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import type { IncomingFile } from './file-intake.js';
import { createTusStore, type TusStore } from './tus-store.js';

type ResumableRow = typeof resumableUploads.$inferSelect;

const stores = new WeakMap<AppContext, Promise<TusStore>>();
/** The one tus store of this app (the routes, the tape call and the sweep share it). */
export function tusStoreOf(ctx: AppContext): Promise<TusStore> {
  let store = stores.get(ctx);
  if (!store) {
    store = createTusStore(ctx);
    stores.set(ctx, store);
  }
  return store;
}

/** The id the app chose for a creation, handed to tus's namingFunction on the raw request. */
const chosenIds = new WeakMap<IncomingMessage, string>();
const ID = /^[0-9a-f]{32}$/;

/** tus's Upload-Metadata: comma-separated `key base64value` pairs. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (!key) continue;
    out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

const expiresHeader = (at: Date) => at.toUTCString();

/** The caller's own upload, not expired, or 404 (another account's is never told apart from none). */
export async function ownUpload(ctx: AppContext, userId: string, id: string): Promise<ResumableRow> {
  if (!ID.test(id)) throw errors.notFound();
  const [row] = await ctx.db
    .select()
    .from(resumableUploads)
    .where(and(eq(resumableUploads.id, id), eq(resumableUploads.userId, userId), gt(resumableUploads.expiresAt, new Date())));
  if (!row) throw errors.notFound();
  return row;
}

/**
 * A finished upload of this kind, read back from the tus store to be stored as a multipart
 * one is; `done` removes it from the store (call it however the storing ended). 404 when it is
 * not the caller's, 400 for another kind, 409 while bytes are missing.
 */
export async function openFinished(ctx: AppContext, userId: string, kind: UploadKind, id: string): Promise<{ row: ResumableRow; incoming: IncomingFile; done(): Promise<void> }> {
  const row = await ownUpload(ctx, userId, id);
  if (row.kind !== kind) throw errors.uploadKind();
  const store = await tusStoreOf(ctx);
  const progress = await store.progress(id);
  if (!progress) throw errors.notFound();
  if (progress.size === undefined || progress.offset < progress.size) throw errors.uploadUnfinished();
  const file = await store.read(id);
  return {
    row,
    incoming: { file, filename: row.filename, localPath: store.localPath?.(id) },
    async done() {
      file.destroy();
      await ctx.db.delete(resumableUploads).where(eq(resumableUploads.id, id));
      await store.remove(id);
    },
  };
}

/**
 * Removes expired uploads (their quota stopped counting at expiry) and their bytes; one
 * instance takes each row. Expired by the database's clock, as the other sweeps read it, so an
 * instance whose clock runs ahead takes nothing early.
 */
export async function sweepExpiredUploads(ctx: AppContext): Promise<number> {
  const gone = await ctx.db.delete(resumableUploads).where(lte(resumableUploads.expiresAt, sql`now()`)).returning({ id: resumableUploads.id });
  if (gone.length === 0) return 0;
  const store = await tusStoreOf(ctx);
  for (const { id } of gone) await store.remove(id);
  return gone.length;
}

export const RESUMABLE_SWEEP_EVERY_MS = 10 * 60_000;

/** The expiry sweep as a background job, one instance at a time (src/server/background/jobs.ts). */
export function resumableSweepJob(ctx: AppContext): BackgroundJob {
  return {
    name: 'resumable-sweep',
    everyMs: RESUMABLE_SWEEP_EVERY_MS,
    runsOn: 'one',
    run: async () => ({ expired: await sweepExpiredUploads(ctx) }),
  };
}

/** Mounts tus at /api/uploads in the calling plugin's scope. */
export async function registerResumableUploads(
  app: FastifyInstance,
  ctx: AppContext,
  auth: AuthHooks,
  reserve: (userId: string, row: { id: string; kind: UploadKind; length: number; filename: string }) => Promise<Date>,
): Promise<void> {
  const store = await tusStoreOf(ctx);
  const tus = new TusServer({
    path: RESUMABLE.path,
    datastore: store.datastore,
    relativeLocation: true,
    namingFunction: (req) => {
      const raw = (req as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;
      const id = raw && chosenIds.get(raw);
      if (!id) throw new Error('a tus creation without the app’s id');
      return id;
    },
  });

  // tus reads the body itself: Fastify leaves it alone.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null, undefined));

  const passToTus = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    await sendResponse(reply.raw, await tus.handleWeb(webRequestOf(req.raw, reply.raw)));
  };

  const hidden = { hide: true } as const;

  app.options(RESUMABLE.path, { schema: hidden }, passToTus);
  app.options(`${RESUMABLE.path}/:id`, { schema: hidden }, passToTus);

  app.post(
    RESUMABLE.path,
    { preHandler: auth.requireAuth, config: { studioRole: 'casting' }, schema: { summary: 'Creates a resumable upload (tus 1.0.0: Upload-Length, Upload-Metadata kind and filename)' } },
    async (req, reply) => {
      const length = Number(req.headers['upload-length']);
      if (!Number.isSafeInteger(length) || length < 0) throw errors.badRequest(UPLOAD_MSG.lengthMissing);
      const meta = parseUploadMetadata(req.headers['upload-metadata'] as string | undefined);
      const kind = meta.kind as UploadKind;
      if (!UPLOAD_KINDS.includes(kind)) throw errors.badRequest(UPLOAD_MSG.kindMissing);
      if (kind === 'tape' && req.role !== 'performer') throw errors.forbidden(MARKET_MSG.performersOnly);
      if (length > uploadLimit(kind)) throw errors.tooLarge(kind === 'tape' ? TAPE_MSG.tapeTooLarge : tooLargeMessage(kind as StorageKind));
      const id = randomBytes(16).toString('hex');
      const expiresAt = await reserve(req.userId, { id, kind, length, filename: (meta.filename ?? '').slice(0, 200) });
      chosenIds.set(req.raw, id);
      reply.raw.setHeader('Upload-Expires', expiresHeader(expiresAt));
      try {
        await passToTus(req, reply);
      } finally {
        // tus refused it (a bad header): nothing holds quota for it.
        if (reply.raw.statusCode !== 201) await ctx.db.delete(resumableUploads).where(eq(resumableUploads.id, id));
      }
    },
  );

  app.head(`${RESUMABLE.path}/:id`, { preHandler: auth.requireAuth, config: { studioRole: 'casting' }, schema: hidden }, async (req, reply) => {
    const row = await ownUpload(ctx, req.userId, (req.params as { id: string }).id);
    reply.raw.setHeader('Upload-Expires', expiresHeader(row.expiresAt));
    await passToTus(req, reply);
  });

  app.patch(
    `${RESUMABLE.path}/:id`,
    { preHandler: auth.requireAuth, config: { uploadDeadline: true, studioRole: 'casting' }, schema: { summary: 'Sends bytes of a resumable upload at Upload-Offset' } },
    async (req, reply) => {
      const row = await ownUpload(ctx, req.userId, (req.params as { id: string }).id);
      const now = Date.now();
      // 24 hours after its last byte (docs/media.md), written when it has slipped by more than
      // an hour: the pieces of one upload, seconds apart, do not each write the row.
      const refresh = row.expiresAt.getTime() < now + RESUMABLE.expiresAfterMs - RESUMABLE.expiryRefreshMs;
      const expiresAt = refresh ? new Date(now + RESUMABLE.expiresAfterMs) : row.expiresAt;
      reply.raw.setHeader('Upload-Expires', expiresHeader(expiresAt));
      await passToTus(req, reply);
      if (refresh && reply.raw.statusCode === 204) await ctx.db.update(resumableUploads).set({ expiresAt }).where(eq(resumableUploads.id, row.id));
    },
  );

  app.delete(`${RESUMABLE.path}/:id`, { preHandler: auth.requireAuth, config: { studioRole: 'casting' }, schema: { summary: 'Abandons a resumable upload; its quota is released' } }, async (req, reply) => {
    const row = await ownUpload(ctx, req.userId, (req.params as { id: string }).id);
    // The reservation goes before tus answers: once the client reads 204, the quota is free, so
    // an upload made right after does not count this one. tus then removes the bytes.
    await ctx.db.delete(resumableUploads).where(eq(resumableUploads.id, row.id));
    await passToTus(req, reply);
  });
}

/**
 * The bytes of a PATCH move from the socket in pieces of about this size (docs/media.md,
 * "Bench rows"): each piece costs @tus/server's web-stream round trip and the file store a
 * write call whatever its size, and the socket hands over 16 to 64 KB at a time.
 */
const BODY_PIECE_BYTES = 1024 * 1024;

/**
 * The web Request `tus.handleWeb` reads, made from Node's request as `tus.handle` makes it
 * (srvx's NodeRequest: the same URL, headers and `runtime.node`, which tus's abort handling
 * and our namingFunction read), but with a body stream of our own. srvx's body is
 * `Readable.toWeb`, which copies every chunk of the socket and pauses the request at 16 KB;
 * ours passes the socket's buffers on uncopied (each is the request's own, nothing reuses
 * it), gathered into pieces of BODY_PIECE_BYTES (docs/media.md).
 */
function webRequestOf(raw: IncomingMessage, res: ServerResponse): Request {
  const headers = new Headers();
  for (let i = 0; i < raw.rawHeaders.length; i += 2) headers.append(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
  const hasBody = raw.method === 'PATCH' || raw.method === 'POST';
  const request = new Request(`http://${raw.headers.host ?? 'localhost'}${raw.url ?? '/'}`, {
    method: raw.method,
    headers,
    ...(hasBody ? { body: bodyOf(raw), duplex: 'half' } : {}),
  } as RequestInit);
  return Object.assign(request, { runtime: { name: 'node', node: { req: raw, res } } });
}

function bodyOf(raw: IncomingMessage): ReadableStream<Uint8Array> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const flush = () => {
          if (heldBytes === 0) return;
          controller.enqueue(held.length === 1 ? held[0]! : Buffer.concat(held, heldBytes));
          held = [];
          heldBytes = 0;
        };
        raw.on('data', (chunk: Buffer) => {
          held.push(chunk);
          heldBytes += chunk.length;
          if (heldBytes < BODY_PIECE_BYTES) return;
          flush();
          if ((controller.desiredSize ?? 0) <= 0) raw.pause();
        });
        raw.once('end', () => {
          flush();
          controller.close();
        });
        // A cut connection: tus ends the write with what reached it (the store's offset, which
        // HEAD answers); bytes still held here are sent again on resuming, as srvx's queue was.
        raw.once('error', (error) => controller.error(error));
      },
      pull() {
        raw.resume();
      },
      cancel() {
        raw.resume();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: BODY_PIECE_BYTES }),
  );
}

/** Sends tus's web Response on Node's response, keeping the headers the route set before. */
async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.statusCode = response.status;
  res.end(body);
}
