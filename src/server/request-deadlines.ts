/**
 * How long a client may take to send a request, so slow senders cannot hold connections
 * (docs/security.md). Node's own requestTimeout is one number for the whole server, so it is
 * set to the longest (an upload's) and every other route gets a shorter deadline here; a
 * route opts into the long one with `config: { uploadDeadline: true }`.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { errors } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route receives large files: the upload deadline and idle time apply. */
    uploadDeadline?: boolean;
  }
}

export interface Deadlines {
  /** Headers must arrive within this. */
  headersMs: number;
  /** A whole request (headers and body) on an ordinary route. */
  bodyMs: number;
  /** A whole request on an upload route (500 MB on a slow line). */
  uploadBodyMs: number;
  /** A connection with no bytes either way is closed after this. */
  idleMs: number;
  /** An upload whose body stops coming for this long is answered 408 and its reservation given back. */
  uploadIdleMs: number;
}

export const DEADLINES: Deadlines = {
  headersMs: 15_000,
  bodyMs: 30_000,
  uploadBodyMs: 60 * 60_000,
  idleMs: 30_000,
  uploadIdleMs: 30_000,
};

/** The Fastify options these deadlines set; Node enforces them for every route. */
export const serverTimeouts = (d: Deadlines) => ({ connectionTimeout: d.idleMs, requestTimeout: d.uploadBodyMs });

/** Shorter deadlines for routes that are not uploads, and a longer idle time while an upload runs. */
export function addRequestDeadlines(app: FastifyInstance, d: Deadlines, timeoutMsg: string): void {
  app.server.headersTimeout = Math.min(d.headersMs, d.uploadBodyMs);
  const refusal = errors.requestTimeout(timeoutMsg);
  const body = JSON.stringify({ msg: refusal.message, code: refusal.code });
  // Written on the socket itself: the request is still being read, so no reply can be sent yet.
  const timedOut =
    `HTTP/1.1 ${refusal.status} Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  const timers = new WeakMap<object, NodeJS.Timeout>();
  const cutOff = (socket: Socket) => {
    socket.end(timedOut);
    setTimeout(() => socket.destroy(), 1000).unref();
  };

  // Callback hooks: they run on every request and do no I/O, so they need no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const upload = request.routeOptions.config.uploadDeadline === true;
    const socket = request.raw.socket;
    // app.inject's stand-in socket has no timeouts.
    if (upload && typeof socket.setTimeout === 'function') {
      socket.setTimeout(d.uploadIdleMs);
      // Node emits 'timeout' on a request whose body is still arriving and closes the socket
      // only when nobody listens; an upload that went quiet is answered instead, and the
      // socket's close then ends the handler, which gives its reservation back
      // (docs/faults.md, "Uploads").
      request.raw.on('timeout', () => {
        if (socket.destroyed) return;
        request.log.info('upload idle: cut off');
        cutOff(socket);
      });
    }
    // A request that declares no body was whole once its headers came (headersTimeout).
    if (upload || !declaresBody(request.headers) || request.raw.complete) return done();
    const timer = setTimeout(() => {
      if (request.raw.complete || socket.destroyed) return;
      request.log.info('request not received in time');
      cutOff(socket);
    }, d.bodyMs);
    timer.unref();
    timers.set(request, timer);
    request.raw.once('end', () => clearTimeout(timer));
    request.raw.once('close', () => clearTimeout(timer));
    done();
  });

  app.addHook('onResponse', (request, _reply, done) => {
    clearTimeout(timers.get(request));
    const socket = request.raw.socket;
    if (request.routeOptions.config.uploadDeadline === true && typeof socket.setTimeout === 'function' && !socket.destroyed) {
      socket.setTimeout(d.idleMs);
    }
    done();
  });
}

/** A body follows the headers: a length above zero, or chunks (RFC 9112 §6.3). */
function declaresBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
