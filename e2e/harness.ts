/**
 * What every end-to-end spec uses: the running app's address, the `it`/`test` whose fixtures
 * launch Chromium through playwright-core and open pages that are closed after each test
 * (docs/architecture.md, "End-to-end tests"), users set up through the API, screenshots at
 * phone and desktop size, and an axe-core scan.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, expect, inject, test as base } from 'vitest';
import { launchBrowser, storeLogin, type LaunchOptions } from '../test/browser.js';

export const baseUrl = () => inject('baseUrl');

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
/** A test timeout for many steps through the real app on a shared two-core machine. */
export const SLOW_TEST = 240_000;
/** Where every spec's screenshots go (git-ignored): e2e/screenshots/. */
export const screenshotDir = path.resolve('e2e/screenshots');

/** What a page reported through `securitypolicyviolation`, per page of this test. */
const cspViolations = new Map<Page, string[]>();

/** What `open` takes: the page's size (desktop unless told), who is logged in, where it goes. */
interface OpenOptions {
  viewport?: { width: number; height: number };
  /** Logged in as this user, a studio (it has a studioId) in the studio's role. */
  as?: TestUser | StudioUser;
  /** Where the page goes after the login, if anywhere. */
  path?: string;
  /** Runs the page in another time zone (the audition times' spec). */
  timezoneId?: string;
  /** Another app instance's address (startAppProcess), the suite's own unless told. */
  base?: string;
}

export type Open = (options?: OpenOptions) => Promise<{ context: BrowserContext; page: Page }>;

/**
 * Runs `body` with an `open` that makes a fresh browser context (own storage) with a page on
 * the app, and closes every context it made once `body` has ended, passed or thrown: a failing
 * assertion leaks nothing into the next test. Every page reports Content-Security-Policy
 * violations; a test with one fails after it ends (a test that expects one takes it with
 * takeCspViolations).
 */
export async function withContexts<T>(browser: Browser, body: (open: Open) => Promise<T>): Promise<T> {
  const contexts: BrowserContext[] = [];
  const open: Open = async ({ viewport = DESKTOP, as, path, timezoneId, base = baseUrl() } = {}) => {
    const context = await browser.newContext({ viewport, baseURL: base, acceptDownloads: true, ...(timezoneId ? { timezoneId } : {}) });
    contexts.push(context);
    await context.exposeBinding('__reportCspViolation', ({ page }, line: string) => {
      if (page) cspViolations.get(page)?.push(line);
    });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as { __reportCspViolation?: (line: string) => void }).__reportCspViolation;
        report?.(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} on ${e.documentURI}`);
      });
    });
    context.on('page', (page) => {
      if (!cspViolations.has(page)) cspViolations.set(page, []);
    });
    const page = await context.newPage();
    if (!cspViolations.has(page)) cspViolations.set(page, []);
    // Going somewhere next, the login is stored on /robots.txt, which loads no app: storing it
    // on the home page loaded the whole app and its data only to leave it at once.
    if (as) await ('studioId' in as ? logInAsStudio : logInAs)(page, as, path ? '/robots.txt' : '/');
    if (path) await page.goto(path);
    return { context, page };
  };
  try {
    return await body(open);
  } finally {
    // One context that cannot close (its browser gone) must not keep the others open.
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => {})));
  }
}

/** The `test` whose Chromium is launched with `options` (launchBrowser). */
function testWith(options: LaunchOptions = {}) {
  return base.extend<{ $test: { open: Open }; $file: { browser: Browser } }>({
    browser: [
      // eslint-disable-next-line no-empty-pattern -- Vitest reads the fixtures a fixture needs from this pattern
      async ({}, use) => {
        const browser = await launchBrowser(options);
        try {
          await use(browser);
        } finally {
          await browser.close();
        }
      },
      { scope: 'file' },
    ],
    open: async ({ browser }, use) => {
      await withContexts(browser, use);
    },
  });
}

/**
 * The e2e `test` (and `it`): `browser` is Chromium, launched once per file on first use and
 * closed after the file; `open` opens pages through withContexts, closed after each test.
 */
export const test = testWith();
/** The same with a fake camera and microphone, granted without asking (recording a tape on the page). */
export const cameraTest = testWith({ fakeCamera: true });
export const it = test;

/** The violations a page has reported so far, forgotten once taken. */
export function takeCspViolations(page: Page): string[] {
  const lines = cspViolations.get(page) ?? [];
  cspViolations.set(page, []);
  return lines;
}

afterEach(() => {
  const lines = [...cspViolations.values()].flat();
  cspViolations.clear();
  expect(lines, 'Content-Security-Policy violations').toEqual([]);
});

/** Waits for the e-mailed code sent to `email` (clear it first with clearMail to wait for a new one). */
export async function readCode(email: string): Promise<string> {
  const file = path.join(inject('mailDir'), `${email.toLowerCase()}.json`);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = await readFile(file, 'utf8')
      .then((t) => JSON.parse(t) as { text: string })
      .catch(() => null);
    // The code as the mail's sentence gives it: a name with four digits in it is not a code.
    const code = mail && /verification code is (\d{4})\b/.exec(mail.text)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function clearMail(email: string) {
  await rm(path.join(inject('mailDir'), `${email.toLowerCase()}.json`), { force: true });
}

export interface TestUser {
  fname: string;
  email: string;
  number: string;
  password: string;
  token: string;
  _id: string;
}

export function newUserInput() {
  const tag = randomBytes(4).toString('hex');
  return { fname: `asha ${tag}`, email: `asha-${tag}@example.com`, number: '9876543210', password: 'spotlight-2026' };
}

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}, base = baseUrl()): Promise<T> {
  const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Signs a user up through the API (code read from the mail sink) and logs in; `base`
 * is another app instance (startAppProcess with SMTP_URL: inject('smtpUrl')) when given.
 */
export async function createUser(overrides: Partial<ReturnType<typeof newUserInput>> = {}, base = baseUrl()): Promise<TestUser> {
  const input = { ...newUserInput(), ...overrides };
  await clearMail(input.email);
  await post('/api/audition/web/signup', input, {}, base);
  const otp = await readCode(input.email);
  await post('/api/audition/web/verify-otp', { ...input, otp }, {}, base);
  const { token, _id } = await post<{ token: string; _id: string }>('/api/audition/login', { email: input.email, password: input.password }, {}, base);
  return { ...input, token, _id };
}

/** Puts a user's login into the page's storage, as the login screen does, on the home page unless told (storeLogin). */
export async function logInAs(page: Page, user: TestUser, at = '/') {
  await storeLogin(page, { token: user.token, id: user._id }, at);
}

export interface StudioUser extends TestUser {
  studioId: string;
}

/** A studio account through the studio sign-up calls (code read from the mail sink) and its login; named `fname`, else a name of its own. */
export async function createStudio(fname = `Casting House ${randomBytes(4).toString('hex')}`): Promise<StudioUser> {
  const input = { ...newUserInput(), fname, number: '9820012345' };
  await clearMail(input.email);
  await post('/api/studio/web/signup', input);
  const otp = await readCode(input.email);
  const { studioId } = await post<{ studioId: string }>('/api/studio/web/verify-otp', { ...input, otp });
  const { token, _id } = await post<{ token: string; _id: string }>('/api/audition/login', { email: input.email, password: input.password });
  return { ...input, token, _id, studioId };
}

/** Buys a plan through the demo checkout, as the subscription screen does. */
export async function buyPlan(user: TestUser, plan: 'gold' | 'silver' | 'platinum') {
  const { id } = await post<{ id: string }>('/api/payments/orders', { plan }, { 'x-auth-token': user.token });
  await post(`/api/payments/orders/${id}/capture`, {}, { 'x-auth-token': user.token });
}

/** Puts a studio's login into the page's storage, as the login screen does. */
async function logInAsStudio(page: Page, studio: TestUser, at = '/') {
  await storeLogin(page, { token: studio.token, id: studio._id, role: 'studio' }, at);
}

/**
 * Resolves once the page has drawn a frame after the call and the work that frame started
 * has run: after a resize, its layout, the ResizeObserver callbacks and the render their
 * state changes cause. It replaced a fixed 150 ms wait after each resize (two per `shoot`,
 * ~200 shoots in the suite), which waited longer than this on an idle machine and no surer
 * on a busy one.
 */
export async function drawn(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
}

/** Screenshots of the current screen at phone and desktop size into e2e/screenshots/. */
export async function shoot(page: Page, name: string) {
  await mkdir(screenshotDir, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(size);
    await drawn(page);
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${label}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Fails on any serious or critical axe-core violation of the current screen. */
export async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The texts of the toasts on screen. */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('.toast span').allTextContents();
}

/** Fails when the page is wider than the viewport (no sideways scrolling at 390 px); resized to `viewport` first when given. */
export async function expectNoOverflow(page: Page, viewport?: { width: number; height: number }) {
  if (viewport) {
    await page.setViewportSize(viewport);
    await drawn(page);
  }
  const { scroll, client, wide } = await page.evaluate(() => {
    const client = document.documentElement.clientWidth;
    // The elements that reach past the viewport, named, so a failure says where to look.
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > client + 0.5)
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`);
    return { scroll: document.documentElement.scrollWidth, client, wide };
  });
  expect(scroll, `wider than the viewport: ${wide.join(', ')}`).toBeLessThanOrEqual(client);
}

/** The newest mail sent to `email`, as the SMTP sink wrote it. */
export async function readMail(email: string): Promise<{ subject: string; text: string }> {
  const file = path.join(inject('mailDir'), `${email.toLowerCase()}.json`);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = await readFile(file, 'utf8')
      .then((t) => JSON.parse(t) as { subject: string; text: string })
      .catch(() => null);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The field `#id` is marked wrong: aria-invalid, and its problem (containing `text`) shown
 * under it and linked by aria-describedby.
 */
export async function expectFieldProblem(page: Page, id: string, text?: string) {
  const field = page.locator(`#${id}`);
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  const described = (await field.getAttribute('aria-describedby')) ?? '';
  const problems = await Promise.all(described.split(' ').filter(Boolean).map((ref) => page.locator(`#${ref}`).textContent()));
  expect(problems.join(' ')).toContain(text ?? '');
  const [fieldBox, problemBox] = await Promise.all([field.boundingBox(), page.locator(`#${described.split(' ')[0]}`).boundingBox()]);
  expect(problemBox!.y).toBeGreaterThanOrEqual(fieldBox!.y + fieldBox!.height - 1);
}

/** No toast overlaps a control (button, input, link) of the open dialog. */
export async function expectToastsClearOfDialog(page: Page) {
  const overlaps = await page.evaluate(() => {
    const toasts = [...document.querySelectorAll('.toast')].map((t) => t.getBoundingClientRect());
    const controls = [...document.querySelectorAll('dialog[open] :is(button, input, a, select, textarea)')];
    return controls
      .filter((c) => toasts.some((t) => { const r = c.getBoundingClientRect(); return r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom; }))
      .map((c) => c.getAttribute('aria-label') ?? c.textContent);
  });
  expect(overlaps).toEqual([]);
}

/** The toasts on screen whose box overlaps `target`'s box (texts), as the viewport shows them. */
export async function toastsOver(target: Locator): Promise<string[]> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return [...document.querySelectorAll('.toast')]
      .filter((t) => { const b = t.getBoundingClientRect(); return r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom; })
      .map((t) => t.querySelector('span')?.textContent ?? '');
  });
}

/**
 * The controls (links, buttons, fields) on screen that an element matching `covering` (a toast,
 * the undo bar) lies over, named; its own controls do not count. Empty when nothing is hidden.
 * When the page made room for the toasts under the nav (the layout's #main padded, Toasts.tsx),
 * a control lying wholly in that room was under the sticky nav before the toast came, not
 * hidden by it, and does not count either.
 */
export async function controlsCoveredBy(page: Page, covering: string): Promise<string[]> {
  return page.evaluate((covering) => {
    const covers = [...document.querySelectorAll(covering)];
    const boxes = covers.map((c) => c.getBoundingClientRect());
    const hit = (r: DOMRect) => boxes.some((b) => r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom);
    const room = parseFloat(document.getElementById('main')?.style.paddingTop || '0');
    const roomEnd = (document.querySelector('nav')?.getBoundingClientRect().bottom ?? 0) + room;
    return [...document.querySelectorAll('a[href], button, input, select, textarea, summary')]
      .filter((c) => !covers.some((el) => el.contains(c)))
      .filter((c) => {
        const r = c.getBoundingClientRect();
        if (room > 0 && r.bottom <= roomEnd) return false;
        return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight && hit(r);
      })
      .map((c) => c.getAttribute('aria-label') ?? (c.textContent ?? '').trim() ?? c.tagName);
  }, covering);
}

/** The focused element, named: `tag#id "text"`, or `body` when focus fell to the page. */
export async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return 'body';
    return `${a.tagName.toLowerCase()}${a.id ? `#${a.id}` : ''} "${(a.textContent ?? '').trim().slice(0, 60)}"`;
  });
}

/**
 * The layout shift (the sum of the shifts no input caused) while `path` loads at `viewport`,
 * with every API answer held back 400 ms, as a phone's network does: the page's code and
 * then its data arrive after the first paint (docs/performance.md, "Layout shift").
 * `sources` names what moved.
 */
export async function layoutShiftOf(open: Open, path: string, viewport = PHONE): Promise<{ value: number; sources: string[] }> {
  const { page } = await open({ viewport });
  await page.route('**/api/**', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue().catch(() => {});
  });
  await page.addInitScript(() => {
    const seen: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof seen }).__shifts = seen;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }[]) {
        if (e.hadRecentInput) continue;
        const names = (e.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${String(s.node.className).split(' ')[0]}` : String(s.node?.nodeName)));
        seen.push({ value: e.value, sources: names });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
  return { value: shifts.reduce((sum, s) => sum + s.value, 0), sources: [...new Set(shifts.flatMap((s) => s.sources))] };
}

/** Lighthouse's bar for a good page (docs/performance.md): under 0.05. */
export const MAX_LAYOUT_SHIFT = 0.05;
