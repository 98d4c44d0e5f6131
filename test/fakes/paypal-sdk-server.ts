/**
 * Serves the fake PayPal JS SDK (paypal-sdk.js) on loopback at /sdk/js, for the
 * browser tests. `mode` chooses what the next page load gets: working buttons,
 * buttons PayPal calls not eligible, buttons whose render fails, or no script at all.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';

export type SdkMode = 'ok' | 'ineligible' | 'render-fails' | 'unavailable';

export interface FakeSdkServer {
  /** The address to give as PAYPAL_SDK_URL. */
  sdkUrl: string;
  mode: SdkMode;
  /** Query strings of every script request (client-id, currency, intent, components…). */
  loads: URLSearchParams[];
  close(): Promise<void>;
}

export async function startFakeSdkServer(): Promise<FakeSdkServer> {
  const script = await readFile(new URL('./paypal-sdk.js', import.meta.url), 'utf8');
  const state: FakeSdkServer = { sdkUrl: '', mode: 'ok', loads: [], close: async () => {} };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== '/sdk/js') {
      res.writeHead(404).end();
      return;
    }
    state.loads.push(url.searchParams);
    if (state.mode === 'unavailable') {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('unavailable');
      return;
    }
    const settings = { eligible: state.mode !== 'ineligible', renderFails: state.mode === 'render-fails' };
    res.writeHead(200, { 'content-type': 'application/javascript', 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
    res.end(`window.__PAYPAL_FAKE__ = ${JSON.stringify(settings)};\n${script}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  state.sdkUrl = `http://127.0.0.1:${port}/sdk/js`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
