/**
 * Serialized answers kept by the version that already decides their ETag, and their
 * compressed bytes per encoding, so a repeated read costs neither a query nor
 * serialization nor compression (docs/performance.md).
 *
 * A key must name everything the body depends on (a row's version, a change counter, the
 * days left…): an entry is then never wrong, only unused once the version moves on, and
 * needs no invalidation. The versions come from the change feed (src/server/db/change-feed.ts),
 * so a write on any instance moves every instance to a new key. Entries are bounded by
 * their bytes, least recently used first out.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { COMPRESSION } from './compression.js';

type Encoding = (typeof COMPRESSION.encodings)[number];

export interface CachedBody {
  /** The JSON text, exactly as the route's serializer writes it. */
  readonly json: string;
  /** Compressed bytes, made on the first request that accepts each encoding. */
  readonly encoded: Partial<Record<Encoding, Buffer>>;
}

const compressors: Record<Encoding, (raw: Buffer) => Buffer> = {
  // The same settings as @fastify/compress uses for answers made on the fly.
  br: (raw) => brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (raw) => gzipSync(raw),
};

export interface VersionedBodyCache {
  get(key: string): CachedBody | undefined;
  /** Keeps `json` under `key` (replacing nothing else) and answers the entry. */
  set(key: string, json: string): CachedBody;
  /**
   * Sends the entry as a 200 JSON answer, compressed with the cached bytes when the
   * client accepts br or gzip and the body is worth compressing. The route must be
   * declared with `compress: false`, or @fastify/compress would look at it again.
   */
  send(request: FastifyRequest, reply: FastifyReply, body: CachedBody): FastifyReply;
}

export function createVersionedBodyCache(opts: { maxBytes: number }): VersionedBodyCache {
  const entries = new LRUCache<string, CachedBody>({
    maxSize: opts.maxBytes,
    // The text and, at most, about as much again in compressed bytes.
    sizeCalculation: (body) => Math.max(1, body.json.length * 2),
  });
  return {
    get: (key) => entries.get(key),
    set(key, json) {
      const body: CachedBody = { json, encoded: {} };
      entries.set(key, body);
      return body;
    },
    send(request, reply, body) {
      reply.header('content-type', 'application/json; charset=utf-8');
      const size = Buffer.byteLength(body.json);
      const encoding = size >= COMPRESSION.threshold ? acceptedEncoding(request) : undefined;
      if (!encoding) return reply.send(body.json);
      let bytes = body.encoded[encoding];
      if (!bytes) {
        bytes = compressors[encoding](Buffer.from(body.json));
        body.encoded[encoding] = bytes;
      }
      return reply.header('vary', 'accept-encoding').header('content-encoding', encoding).header('content-length', bytes.length).send(bytes);
    },
  };
}

/** The encoding @fastify/compress would pick for this request (same negotiation, same aliases). */
function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  if (!header || request.headers['x-no-compression'] !== undefined) return undefined;
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...COMPRESSION.encodings]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}
