/** The Debian chromium through playwright-core, as the e2e suite and the bench's browser row launch it. */
import { chromium, type Browser, type Page } from 'playwright-core';

export interface LaunchOptions {
  /** A fake camera and microphone granted without asking (Chromium's test pattern and beep), for recording on the page. */
  fakeCamera?: boolean;
}

export async function launchBrowser({ fakeCamera = false }: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
      ...(fakeCamera ? ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] : []),
    ],
  });
}

/**
 * Puts a login into the page's storage, as the login screen does (a studio's with its role),
 * on the page at `at`, the home page unless told: a caller that goes elsewhere next passes a
 * page of the app's origin that runs no app (/robots.txt), whose storage is the same.
 */
export async function storeLogin(page: Page, login: { token: string; id: string; role?: 'studio' }, at = '/'): Promise<void> {
  await page.goto(at);
  await page.evaluate(({ token, id, role }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('id', id);
    if (role) localStorage.setItem('role', role);
  }, login);
}
