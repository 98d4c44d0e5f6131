/**
 * A PostgreSQL connection of its own that a process keeps for as long as it runs: for a
 * LISTEN or a session advisory lock, which live only as long as their connection. Whenever
 * it drops it is made again (1 s later, then up to 5 s apart) and set up anew.
 */
import pg from 'pg';

export interface KeptConnection {
  /** Called on each new connection once it is up; a throw counts as a dropped connection. */
  setUp(client: pg.Client): Promise<void>;
  /** Called whenever the connection is up (true) or lost (false). */
  onLive?(live: boolean): void;
  /** Listeners for the new client before it connects (e.g. `notification`). */
  listen?(client: pg.Client): void;
}

/** Opens the connection and keeps it; answers the stop. */
export async function keepConnection(url: string, kept: KeptConnection): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 1000;

  const drop = (which: pg.Client | undefined) => {
    // A dropped connection may still emit an error while it ends; with no listener left,
    // Node would throw it and end the process, so a no-op one stays.
    which?.removeAllListeners().on('error', () => {});
    return which?.end().catch(() => {});
  };

  const lost = () => {
    kept.onLive?.(false);
    void drop(client);
    client = undefined;
    if (!stopped && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, delay);
      retry.unref();
      delay = Math.min(delay * 2, 5000);
    }
  };

  async function connect() {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    kept.listen?.(next);
    next.on('error', lost);
    next.on('end', lost);
    client = next;
    try {
      await next.connect();
      await kept.setUp(next);
      delay = 1000;
      kept.onLive?.(true);
    } catch {
      if (client === next) lost();
    }
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    kept.onLive?.(false);
    const last = client;
    client = undefined;
    await drop(last);
  };
}
