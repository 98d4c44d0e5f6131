/**
 * A TCP proxy on loopback that a test can cut and restore, to take the database
 * away from a running app and give it back.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const makeServer = () =>
    net.createServer((client) => {
      const upstream = net.connect(target);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
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
    close: stop,
  };
}
