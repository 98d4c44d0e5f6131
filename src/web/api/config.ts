/** GET /api/config: payments mode, PayPal client id and SDK address, store link. Asked once per page load. */
import type { AppConfig } from '../../contract/config';
import { api } from './client';

let cached: Promise<AppConfig> | null = null;

export function getAppConfig(): Promise<AppConfig> {
  cached ??= api<AppConfig>('/api/config', { auth: false }).catch((err: unknown) => {
    cached = null; // let the next caller try again
    throw err;
  });
  return cached;
}
