/**
 * The events streams open on this instance, by account. Each event the bus carries goes
 * to the streams of its account; a stream that reconnects first gets what it missed
 * from the stored events, and never the same event twice.
 */
import { randomUUID } from 'node:crypto';
import type { PassThrough } from 'node:stream';
import { STREAM_REPLACED_EVENT } from '../../../contract/conversations.js';
import type { StoredEvent } from './event-bus.js';

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

export interface ReplayingStream extends OpenStream {
  /** Writes what the client missed, then the live events that came meanwhile, each once. */
  replay(missed: StoredEvent[]): void;
}

export function openStream(out: PassThrough, session: Session, onEnd: () => void): ReplayingStream {
  // Ids the replay wrote: the bus may still bring one of them afterwards (it was stored
  // before the replay read it, and sent after). Live events wait until the replay is written.
  const replayed = new Set<number>();
  let held: StoredEvent[] | null = [];
  let ended = false;
  const write = (event: StoredEvent) => {
    if (ended || replayed.has(event.id)) return;
    out.write(eventFrame(event));
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
    send(event) {
      if (held) held.push(event);
      else write(event);
    },
    replay(missed) {
      for (const event of missed) {
        write(event);
        replayed.add(event.id);
      }
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
  private readonly byUser = new Map<string, Set<OpenStream>>();
  private readonly byId = new Map<string, OpenStream>();

  add(stream: OpenStream): void {
    this.byId.set(stream.id, stream);
    const set = this.byUser.get(stream.session.userId) ?? new Set();
    set.add(stream);
    this.byUser.set(stream.session.userId, set);
  }

  remove(stream: OpenStream): void {
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
  find(id: string): OpenStream | undefined {
    return this.byId.get(id);
  }

  of(userId: string): OpenStream[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  all(): OpenStream[] {
    return [...this.byUser.values()].flatMap((s) => [...s]);
  }

  get size(): number {
    let n = 0;
    for (const s of this.byUser.values()) n += s.size;
    return n;
  }
}
