/**
 * A TCP proxy on loopback that a test can cut and restore, to take the database or Redis
 * away from a running app and give it back, or pause, to make it stall: connections stay
 * open and nothing moves either way until it resumes (a network that drops every packet
 * for a while, then delivers them).
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  /** Holds every byte either way, on open and new connections, until `resume`. */
  pause(): void;
  /** Delivers what was held and carries bytes again. */
  resume(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let paused = false;
  const flushes = new Set<() => void>();
  /** Carries `from`'s bytes to `to`, holding them while the proxy is paused. */
  const carry = (from: net.Socket, to: net.Socket) => {
    const held: Buffer[] = [];
    const flush = () => {
      for (const chunk of held.splice(0)) if (!to.destroyed) to.write(chunk);
    };
    flushes.add(flush);
    from.on('data', (chunk: Buffer) => {
      if (paused) held.push(chunk);
      else if (!to.destroyed) to.write(chunk);
    });
    from.on('close', () => {
      flushes.delete(flush);
      // A close while paused is held too: it reaches the other side when the proxy resumes.
      const end = () => {
        flush();
        to.end();
      };
      if (paused) flushes.add(end);
      else end();
    });
  };
  const makeServer = () =>
    net.createServer((client) => {
      const upstream = net.connect(target);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {});
      }
      carry(client, upstream);
      carry(upstream, client);
    });
  let server = makeServer();
  const listen = (port: number) => new Promise<void>((resolve, reject) => server.listen(port, '127.0.0.1', resolve).once('error', reject));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return {
    port,
    cut: stop,
    async restore() {
      server = makeServer();
      await listen(port);
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const flush of [...flushes]) flush();
    },
    close: async () => {
      paused = false;
      await stop();
    },
  };
}
