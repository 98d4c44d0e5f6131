/**
 * The events streams open on this instance, by account. Each event the bus carries goes
 * to the streams of its account; a stream that reconnects first gets what it missed
 * from the stored events, and never the same event twice. When the bus was lost and is
 * back, the server replays the same way into every stream still open (docs/faults.md).
 */
import { randomUUID } from 'node:crypto';
import type { PassThrough } from 'node:stream';
import { STREAM_REPLACED_EVENT } from '../../../contract/conversations.js';
import type { StoredEvent } from '../../adapters/event-bus.js';

export interface Session {
  userId: string;
  jti: string;
  version: number;
  expiresAt: number;
}

export interface OpenStream {
  /** Names the stream on every instance (docs/security.md, third pass: the account's oldest is closed). */
  id: string;
  session: Session;
  /** Writes an event unless this stream already sent it. */
  send(event: StoredEvent): void;
  /** A comment line, so proxies keep an idle stream open. */
  ping(): void;
  /** Ends the stream (its token was revoked, or the server stops). */
  end(): void;
  /** Tells the client that newer streams of its account replaced this one, then ends it. */
  replace(): void;
}

/** One event in the stream's wire format. */
export const eventFrame = (event: StoredEvent) => `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`;

/** How many written ids a stream remembers, to write an event heard twice once (above REPLAY_MAX). */
const SENT_KEPT = 1000;

export interface ReplayingStream extends OpenStream {
  /**
   * Writes what the client missed, then the live events that came meanwhile, each once.
   * `since`: the id the stream starts after, when nothing newer is written.
   */
  replay(missed: StoredEvent[], since?: number): void;
  /** Holds live events back until the next `replay` (a catch-up is being read). */
  hold(): void;
  /** The newest event id this stream has written, or the one it started after. */
  readonly lastId: number;
}

export function openStream(out: PassThrough, session: Session, onEnd: () => void): ReplayingStream {
  // Ids written lately: the bus may bring an event a replay already wrote (it was stored
  // before the replay read it, and sent after), or bring one twice (a send that timed out
  // here and reached Redis after all). Live events wait while a replay is read.
  const sent = new Set<number>();
  let lastId = 0;
  let held: StoredEvent[] | null = [];
  let ended = false;
  const write = (event: StoredEvent) => {
    if (ended || sent.has(event.id)) return;
    out.write(eventFrame(event));
    sent.add(event.id);
    if (sent.size > SENT_KEPT) sent.delete(sent.values().next().value!);
    if (event.id > lastId) lastId = event.id;
  };
  const end = () => {
    if (ended) return;
    ended = true;
    out.end();
    onEnd();
  };
  return {
    id: randomUUID(),
    session,
    get lastId() {
      return lastId;
    },
    send(event) {
      if (held) held.push(event);
      else write(event);
    },
    hold() {
      held ??= [];
    },
    replay(missed, since = 0) {
      if (since > lastId) lastId = since;
      for (const event of missed) write(event);
      const waiting = held ?? [];
      held = null;
      waiting.sort((a, b) => a.id - b.id).forEach(write);
    },
    ping() {
      if (!ended) out.write(': ping\n\n');
    },
    end,
    replace() {
      if (!ended) out.write(`event: ${STREAM_REPLACED_EVENT}\ndata: {}\n\n`);
      end();
    },
  };
}

export class StreamRegistry {
  private readonly byUser = new Map<string, Set<ReplayingStream>>();
  private readonly byId = new Map<string, ReplayingStream>();

  add(stream: ReplayingStream): void {
    this.byId.set(stream.id, stream);
    const set = this.byUser.get(stream.session.userId) ?? new Set();
    set.add(stream);
    this.byUser.set(stream.session.userId, set);
  }

  remove(stream: ReplayingStream): void {
    this.byId.delete(stream.id);
    const set = this.byUser.get(stream.session.userId);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) this.byUser.delete(stream.session.userId);
  }

  deliver(event: StoredEvent): void {
    this.byUser.get(event.userId)?.forEach((s) => s.send(event));
  }

  /** The stream of that id, when this instance holds it. */
  find(id: string): ReplayingStream | undefined {
    return this.byId.get(id);
  }

  of(userId: string): ReplayingStream[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  all(): ReplayingStream[] {
    return [...this.byUser.values()].flatMap((s) => [...s]);
  }

  get size(): number {
    let n = 0;
    for (const s of this.byUser.values()) n += s.size;
    return n;
  }
}
