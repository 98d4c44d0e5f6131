/**
 * One events stream and the registry, without a server: frames written before the answer
 * is attached wait for it, each event is written once, live events wait behind a replay,
 * and an account's streams are found whether it holds one or several.
 */
import { describe, expect, it } from 'vitest';
import { STREAM_REPLACED_EVENT } from '../../../contract/conversations.js';
import type { StoredEvent } from '../../adapters/event-bus.js';
import { EventStream, StreamRegistry, eventFrame, type Session } from './streams.js';

const session = (userId = 'u1'): Session => ({ userId, jti: 'j', version: 0, expiresAt: Date.now() + 60_000 });
const event = (id: number, userId = 'u1'): StoredEvent => ({ id, userId, kind: 'notification', data: { n: id } });

function answer() {
  const chunks: string[] = [];
  let ended = 0;
  return {
    chunks,
    get ended() {
      return ended;
    },
    write: (chunk: string) => chunks.push(chunk),
    end: () => void ended++,
    writableLength: 0,
    destroy: () => {},
  };
}

describe('an events stream', () => {
  it('starts with the retry frame, writes frames written before the answer once it is attached, then writes straight through', () => {
    const ends: EventStream[] = [];
    const s = new EventStream(session(), '127.0.0.1', (x) => ends.push(x));
    s.replay([event(3)], 2);
    const out = answer();
    s.attach(out);
    expect(out.chunks).toEqual([`retry: 3000\n\n${eventFrame(event(3))}`]);
    s.send(event(4));
    s.ping();
    expect(out.chunks.slice(1)).toEqual([eventFrame(event(4)), ': ping\n\n']);
    expect(s.lastId).toBe(4);
    expect(ends).toEqual([]);
  });

  it('writes an event heard twice once, and holds live events behind a replay, in id order', () => {
    const s = new EventStream(session(), 'a', () => {});
    const out = answer();
    s.attach(out);
    s.send(event(5)); // held: the opening replay has not run yet
    s.replay([event(4), event(5)], 3);
    s.send(event(5));
    s.hold();
    s.send(event(7));
    s.send(event(6));
    s.replay([event(6)]);
    expect(out.chunks.join('')).toBe(`retry: 3000\n\n${[4, 5, 6, 7].map((id) => eventFrame(event(id))).join('')}`);
    expect(s.lastId).toBe(7);
  });

  it('replaced while it is being opened: the answer gets the retry and replaced frames and ends at once; onEnd runs once', () => {
    const ends: EventStream[] = [];
    const s = new EventStream(session(), 'a', (x) => ends.push(x));
    s.replace();
    s.end();
    s.send(event(1));
    s.replay([event(2)]);
    const out = answer();
    s.attach(out);
    expect(out.chunks).toEqual([`retry: 3000\n\nevent: ${STREAM_REPLACED_EVENT}\ndata: {}\n\n`]);
    expect(out.ended).toBe(1);
    expect(ends).toEqual([s]);
  });

  it('ends its answer once and writes nothing after', () => {
    const s = new EventStream(session(), 'a', () => {});
    const out = answer();
    s.replay([]);
    s.attach(out);
    s.end();
    s.end();
    s.ping();
    s.send(event(9));
    expect(out.chunks).toEqual(['retry: 3000\n\n']);
    expect(out.ended).toBe(1);
  });
});

describe('the stream registry', () => {
  it('delivers to each of an account’s streams, one or several, and forgets them as they leave', () => {
    const registry = new StreamRegistry();
    const mk = (userId: string) => {
      const s = new EventStream(session(userId), 'a', () => {});
      s.replay([]);
      const out = answer();
      s.attach(out);
      registry.add(s);
      return { s, out };
    };
    const a1 = mk('a');
    const b = mk('b');
    registry.deliver(event(1, 'a'));
    const a2 = mk('a');
    registry.deliver(event(2, 'a'));
    expect(a1.out.chunks.length).toBe(3);
    expect(a2.out.chunks.length).toBe(2);
    expect(b.out.chunks.length).toBe(1);
    expect(registry.of('a')).toEqual([a1.s, a2.s]);
    expect(registry.size).toBe(3);
    expect(registry.find(a2.s.id)).toBe(a2.s);

    registry.remove(a1.s);
    registry.deliver(event(3, 'a'));
    expect(a1.out.chunks.length).toBe(3);
    expect(a2.out.chunks.length).toBe(3);
    expect(registry.of('a')).toEqual([a2.s]);
    registry.remove(a2.s);
    registry.remove(a2.s);
    expect(registry.of('a')).toEqual([]);
    expect(registry.all()).toEqual([b.s]);
    expect(registry.find(a1.s.id)).toBeUndefined();
  });
});
