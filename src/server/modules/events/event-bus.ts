/**
 * Carries events from the instance that publishes them to every instance that holds a
 * stream (docs/messages.md): one Redis channel when REDIS_URL is set, with one subscriber
 * connection per instance, or in process otherwise.
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
    ready: true,
    async close() {},
  };
}

export function createRedisEventBus(url: string, keyPrefix: string): EventBus {
  const channel = `${keyPrefix}events`;
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  // A connection in subscribe mode can run no other command: a second one only listens.
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  publisher.on('error', () => {}); // a failed send fails its call; readiness is /readyz's
  subscriber.on('error', () => {});
  const listeners: ((event: StoredEvent) => void)[] = [];
  let ready = false;
  const subscribed = subscriber.subscribe(channel).then(() => {
    ready = true;
  });
  subscribed.catch(() => {});
  // ioredis subscribes again after a reconnect by itself.
  subscriber.on('ready', () => {
    ready = true;
  });
  subscriber.on('close', () => {
    ready = false;
  });
  subscriber.on('message', (_channel: string, payload: string) => {
    let events: StoredEvent[];
    try {
      events = JSON.parse(payload) as StoredEvent[];
    } catch {
      return;
    }
    for (const event of events) for (const fn of listeners) fn(event);
  });
  return {
    async send(events) {
      if (events.length > 0) await publisher.publish(channel, JSON.stringify(events));
    },
    listen(listener) {
      listeners.push(listener);
    },
    get ready() {
      return ready;
    },
    async close() {
      await subscribed.catch(() => {});
      await Promise.all([publisher.quit().catch(() => publisher.disconnect()), subscriber.quit().catch(() => subscriber.disconnect())]);
    },
  };
}

export const createEventBus = (env: { REDIS_URL?: string; REDIS_KEY_PREFIX: string }): EventBus =>
  env.REDIS_URL ? createRedisEventBus(env.REDIS_URL, env.REDIS_KEY_PREFIX) : createMemoryEventBus();
