/**
 * Carries events from the instance that publishes them to every instance that holds a
 * stream (docs/messages.md): one Redis channel when REDIS_URL is set, with one subscriber
 * connection per instance, or in process otherwise. While Redis is away, a send waits at
 * most SEND_WAIT_MS and reaches this instance's streams; when the subscription is back,
 * `onResume` listeners replay what the streams missed (docs/faults.md).
 */
import { Redis } from 'ioredis';

/** One event as stored for one account: the stream sends it with this id. */
export interface StoredEvent {
  id: number;
  userId: string;
  kind: string;
  data: unknown;
}

export interface EventBus {
  /** Hands events to every instance's listeners (this one's included). */
  send(events: StoredEvent[]): Promise<void>;
  /** Called with every event sent by any instance. */
  listen(listener: (event: StoredEvent) => void): void;
  /** Called each time the subscription is lost: events sent from now on may not be heard here. */
  onLost(listener: () => void): void;
  /**
   * Called each time the subscription is back after it was lost: events sent meanwhile
   * were not heard here, and are read from the stored events instead.
   */
  onResume(listener: () => void): void;
  /** Whether a listener would hear an event sent now (Redis: the subscription is up). */
  readonly ready: boolean;
  close(): Promise<void>;
}

export function createMemoryEventBus(): EventBus {
  const listeners: ((event: StoredEvent) => void)[] = [];
  return {
    async send(events) {
      for (const event of events) for (const fn of listeners) fn(event);
    },
    listen(listener) {
      listeners.push(listener);
    },
    onLost() {},
    onResume() {},
    ready: true,
    async close() {},
  };
}

/** How long a send waits for Redis before it gives the events to this instance's streams alone. */
export const SEND_WAIT_MS = 500;

export function createRedisEventBus(url: string, keyPrefix: string): EventBus {
  const channel = `${keyPrefix}events`;
  // A publish that Redis cannot take at once waits in ioredis's queue for a reconnect (two
  // tries), but the sender waits only SEND_WAIT_MS for it.
  const publisher = new Redis(url, { maxRetriesPerRequest: 2, commandTimeout: 5000 });
  // A connection in subscribe mode can run no other command: a second one only listens.
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  publisher.on('error', () => {}); // a failed send is logged by deliver(); readiness is /readyz's
  subscriber.on('error', () => {});
  const listeners: ((event: StoredEvent) => void)[] = [];
  const lostListeners: (() => void)[] = [];
  const resumeListeners: (() => void)[] = [];
  const hear = (events: StoredEvent[]) => {
    for (const event of events) for (const fn of listeners) fn(event);
  };
  let ready = false;
  let lost = false;
  let closing = false;
  const subscribed = subscriber.subscribe(channel).then(() => {
    ready = true;
  });
  subscribed.catch(() => {});
  subscriber.on('ready', () => {
    if (!lost || closing) return;
    // ioredis subscribes again by itself after a reconnect; this SUBSCRIBE is answered after
    // that one, so once it is, every event published from now on is heard here, and the
    // streams read what came before from the stored events.
    subscriber.subscribe(channel).then(
      () => {
        if (!lost || closing) return;
        ready = true;
        lost = false;
        resumeListeners.forEach((fn) => fn());
      },
      () => {},
    );
  });
  subscriber.on('close', () => {
    ready = false;
    // Each failed reconnect closes again: the listeners hear of the loss once.
    if (lost || closing) return;
    lost = true;
    lostListeners.forEach((fn) => fn());
  });
  subscriber.on('message', (_channel: string, payload: string) => {
    let events: StoredEvent[];
    try {
      events = JSON.parse(payload) as StoredEvent[];
    } catch {
      return;
    }
    hear(events);
  });
  return {
    async send(events) {
      if (events.length === 0) return;
      const published = publisher.publish(channel, JSON.stringify(events)).then(
        () => true,
        () => false,
      );
      const inTime = await Promise.race([published, new Promise<false>((resolve) => setTimeout(() => resolve(false), SEND_WAIT_MS).unref())]);
      if (inTime && ready) return;
      // Redis did not take it (or this instance is not hearing it back): this instance's
      // streams get it now; a stream that hears it again later writes it once.
      hear(events);
      if (!inTime) throw new Error('events not carried by Redis in time');
    },
    listen(listener) {
      listeners.push(listener);
    },
    onLost(listener) {
      lostListeners.push(listener);
    },
    onResume(listener) {
      resumeListeners.push(listener);
    },
    get ready() {
      return ready;
    },
    async close() {
      closing = true;
      await subscribed.catch(() => {});
      await Promise.all([publisher.quit().catch(() => publisher.disconnect()), subscriber.quit().catch(() => subscriber.disconnect())]);
    },
  };
}

export const createEventBus = (env: { REDIS_URL?: string; REDIS_KEY_PREFIX: string }): EventBus =>
  env.REDIS_URL ? createRedisEventBus(env.REDIS_URL, env.REDIS_KEY_PREFIX) : createMemoryEventBus();
