import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION } from './compression.js';
import { createVersionedBodyCache, type VersionedBodyCache } from './versioned-body-cache.js';

const big = JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ name: `studio number ${i}`, city: 'Mumbai' })) });
const small = JSON.stringify({ ok: true });

let app: FastifyInstance;
let cache: VersionedBodyCache;
beforeAll(async () => {
  cache = createVersionedBodyCache({ maxBytes: 4 * big.length });
  app = Fastify({ logger: false });
  await app.register(fastifyCompress, { threshold: COMPRESSION.threshold, encodings: [...COMPRESSION.encodings] });
  app.get('/body/:key', { compress: false }, async (req, reply) => {
    const { key } = req.params as { key: string };
    const body = cache.get(key);
    if (!body) return reply.status(404).send({ missing: key });
    return cache.send(req, reply, body);
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const get = (key: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/body/${key}`, headers });

describe('versioned body cache', () => {
  it('sends the cached JSON as it is when the client accepts no compression', async () => {
    cache.set('plain', big);
    const res = await get('plain');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(big);
  });

  it('sends brotli to a browser, made once and reused for the next request', async () => {
    const entry = cache.set('br', big);
    const first = await get('br', { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(big);
    const made = entry.encoded.br;
    expect(made).toBeInstanceOf(Buffer);
    const second = await get('br', { 'accept-encoding': 'br' });
    expect(entry.encoded.br).toBe(made);
    expect(Buffer.compare(second.rawPayload, made!)).toBe(0);
    expect(Number(second.headers['content-length'])).toBe(made!.length);
  });

  it('sends gzip when that is all the client takes, and honours q=0', async () => {
    cache.set('gzip', big);
    const res = await get('gzip', { 'accept-encoding': 'gzip, br;q=0' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(big);
    const none = await get('gzip', { 'accept-encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(big);
  });

  it('leaves a body under the threshold uncompressed', async () => {
    const entry = cache.set('small', small);
    const res = await get('small', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(small);
    expect(entry.encoded).toEqual({});
  });

  it('keeps no more than its byte bound, dropping the least recently used', async () => {
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, big);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')?.json).toBe(big);
  });
});
