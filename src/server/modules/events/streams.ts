/**
 * The events streams open on this instance, by account. Each event the bus carries goes
 * to the streams of its account; a stream that reconnects first gets what it missed
 * from the stored events, and never the same event twice. When the bus was lost and is
 * back, the server replays the same way into every stream still open (docs/faults.md).
 *
 * An instance holds 20 000 of them (docs/performance.md, "20 000 event streams on one
 * instance"), so a stream is one small object: its methods are shared, the ids it wrote are
 * remembered only once an event was written, and its frames go straight to the answer.
 */
import { randomBytes } from 'node:crypto';
import { STREAM_REPLACED_EVENT } from '../../../contract/conversations.js';
import type { StoredEvent } from '../../adapters/event-bus.js';

export interface Session {
  userId: string;
  /** The member of a casting office whose token opened it, when not the account's own (docs/team.md). */
  actorId?: string | null;
  jti: string;
  version: number;
  expiresAt: number;
}

/** Where a stream's frames go: the answer, once its head is written (a ServerResponse). */
export interface FrameSink {
  write(chunk: string): unknown;
  end(): unknown;
  /** Bytes written and not yet taken by the connection. */
  readonly writableLength: number;
  /** Closes the connection at once, dropping what it holds. */
  destroy(): unknown;
}

/** One event in the stream's wire format. */
export const eventFrame = (event: StoredEvent) => `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`;

/** How long the browser waits before reconnecting: every stream's first frame. */
const RETRY_FRAME = 'retry: 3000\n\n';
const PING_FRAME = ': ping\n\n';
const REPLACED_FRAME = `event: ${STREAM_REPLACED_EVENT}\ndata: {}\n\n`;

/** How many written ids a stream remembers, to write an event heard twice once (above REPLAY_MAX). */
const SENT_KEPT = 1000;
/**
 * Bytes an answer may hold that its client has not read; past them the stream is dropped
 * (docs/messages.md). Above a whole replay of the longest messages (500 of 4,000 characters).
 */
export const STREAM_BUFFER_MAX = 4 * 1024 * 1024;

export class EventStream {
  /**
   * Names the stream on every instance (docs/security.md, "Event streams, conversations and contact messages": the account's oldest
   * is closed). 128 random bits as one flat string: a `randomUUID()` is held as the ten
   * pieces it was joined from, 300 bytes more a stream.
   */
  readonly id: string = randomBytes(16).toString('base64url');
  /** The newest event id this stream has written, or the one it started after. */
  lastId = 0;
  /**
   * Ids written lately: the bus may bring an event a replay already wrote (it was stored
   * before the replay read it, and sent after), or bring one twice (a send that timed out
   * here and reached Redis after all). Made by the first event written.
   */
  private sent: Set<number> | null = null;
  /** Live events held back while a replay is read; null when they are written at once. */
  private held: StoredEvent[] | null = [];
  /**
   * The answer; null until `attach`. Frames written before it wait in `early`: the stream
   * may be replaced (ended) by a newer one of its account while it is still being opened.
   */
  private out: FrameSink | null = null;
  private early = RETRY_FRAME;
  private ended = false;

  /** Settles once the account's count took the stream (its release waits for it). */
  counted: Promise<unknown> = Promise.resolve();

  /**
   * `onEnd` is called once when the stream ends, with the stream: one function for every
   * stream, so a stream carries no closure of its own. `address`: the client address it is
   * counted against.
   */
  constructor(
    readonly session: Session,
    readonly address: string,
    private readonly onEnd: (stream: EventStream) => void,
  ) {}

  /** Frames go to `out` from now on, after those written while the stream was opened; ends it at once when the stream already ended. */
  attach(out: FrameSink): void {
    const early = this.early;
    this.early = '';
    if (this.ended) {
      if (early) out.write(early);
      out.end();
    } else {
      this.out = out;
      if (early) this.write(early);
    }
  }

  private write(chunk: string): void {
    if (!this.out) {
      this.early += chunk;
      return;
    }
    this.out.write(chunk);
    // A client that does not read would have its frames pile up here without end: it is
    // dropped, and reconnects with Last-Event-ID when it reads again.
    if (this.out.writableLength > STREAM_BUFFER_MAX) {
      const out = this.out;
      this.out = null;
      this.end();
      out.destroy();
    }
  }

  private writeEvent(event: StoredEvent): void {
    if (this.ended || this.sent?.has(event.id)) return;
    const sent = (this.sent ??= new Set());
    sent.add(event.id);
    if (sent.size > SENT_KEPT) sent.delete(sent.values().next().value!);
    if (event.id > this.lastId) this.lastId = event.id;
    this.write(eventFrame(event));
  }

  /** Writes an event unless this stream already sent it. */
  send(event: StoredEvent): void {
    if (this.held) this.held.push(event);
    else this.writeEvent(event);
  }

  /** Holds live events back until the next `replay` (a catch-up is being read). */
  hold(): void {
    this.held ??= [];
  }

  /**
   * Writes what the client missed, then the live events that came meanwhile, each once.
   * `since`: the id the stream starts after, when nothing newer is written.
   */
  replay(missed: StoredEvent[], since = 0): void {
    if (since > this.lastId) this.lastId = since;
    for (const event of missed) this.writeEvent(event);
    const waiting = this.held ?? [];
    this.held = null;
    waiting.sort((a, b) => a.id - b.id);
    for (const event of waiting) this.writeEvent(event);
  }

  /** A comment line, so proxies keep an idle stream open. */
  ping(): void {
    if (!this.ended) this.write(PING_FRAME);
  }

  /** Ends the stream (its token was revoked, or the server stops). */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.held = null;
    this.sent = null;
    this.out?.end();
    this.out = null;
    this.onEnd(this);
  }

  /** Tells the client that newer streams of its account replaced this one, then ends it. */
  replace(): void {
    if (!this.ended) this.write(REPLACED_FRAME);
    this.end();
  }
}

/**
 * The open streams by account and by id. An account usually has one stream open, so it
 * is kept as it is; a set only when the account has more.
 */
export class StreamRegistry {
  private readonly byUser = new Map<string, EventStream | Set<EventStream>>();
  private readonly byId = new Map<string, EventStream>();

  add(stream: EventStream): void {
    this.byId.set(stream.id, stream);
    const userId = stream.session.userId;
    const held = this.byUser.get(userId);
    if (!held) this.byUser.set(userId, stream);
    else if (held instanceof Set) held.add(stream);
    else this.byUser.set(userId, new Set([held, stream]));
  }

  remove(stream: EventStream): void {
    this.byId.delete(stream.id);
    const userId = stream.session.userId;
    const held = this.byUser.get(userId);
    if (held === stream) this.byUser.delete(userId);
    else if (held instanceof Set) {
      held.delete(stream);
      if (held.size === 1) this.byUser.set(userId, held.values().next().value!);
    }
  }

  deliver(event: StoredEvent): void {
    const held = this.byUser.get(event.userId);
    if (held instanceof Set) held.forEach((s) => s.send(event));
    else held?.send(event);
  }

  /** The stream of that id, when this instance holds it. */
  find(id: string): EventStream | undefined {
    return this.byId.get(id);
  }

  of(userId: string): EventStream[] {
    const held = this.byUser.get(userId);
    return held instanceof Set ? [...held] : held ? [held] : [];
  }

  all(): EventStream[] {
    return [...this.byId.values()];
  }

  get size(): number {
    return this.byId.size;
  }
}
