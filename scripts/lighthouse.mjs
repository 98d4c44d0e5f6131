#!/usr/bin/env node
/**
 * Lighthouse over the public pages (docs/screens.md, "Public pages in Lighthouse"): builds
 * nothing, starts the built app (`npm run build` first) with its demo data on a free port,
 * runs npm `lighthouse` with Debian's Chromium under mobile settings over every page a
 * visitor reaches without logging in (the spec's public pages, the sign-up and log-in
 * forms, a performer's portfolio, and the demo's review room and guardian page), and prints
 * per page the accessibility score, the cumulative layout shift and whether the first
 * image is lazy.
 *
 *   npm run build && node scripts/lighthouse.mjs [--json out.json]
 *
 * CHROME_PATH overrides the browser (default /usr/bin/chromium); BASE_URL audits an app already
 * running with the demo data instead of starting one (REVIEW_PATH and GUARDIAN_PATH then name its token links).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

async function startApp() {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'audition-lighthouse-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The demo review link's token is kept only as a hash: its address is printed once, at start.
  let reviewPath;
  let guardianPath;
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    process.stdout.write(chunk);
    reviewPath ??= /demo review link with feedback: (\/review\/\S+)/.exec(chunk)?.[1];
    guardianPath ??= /the guardian's link: (\/guardian\/\S+)/.exec(chunk)?.[1];
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    if (await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error('the app did not start within 180 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseUrl,
    linkPaths: () => ({ reviewPath, guardianPath }),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo data's first job, studio and public performer, through the public calls. */
async function pages(baseUrl, { reviewPath, guardianPath }) {
  const get = async (p) => {
    const res = await fetch(`${baseUrl}${p}`);
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return res.json();
  };
  const board = await get('/api/jobs');
  const job = board.jobs?.[0]?._id;
  const studio = board.jobs?.[0]?.studio?._id;
  // A public performer, as the first demo studio's talent search lists them.
  const login = await fetch(`${baseUrl}/api/audition/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'studio1@demo.audition.local', password: 'demo-studio-1' }),
  }).then((r) => r.json());
  const found = await fetch(`${baseUrl}/api/studio/talent`, { headers: { 'x-auth-token': login.token } }).then((r) => r.json());
  const talent = found.talent?.[0]?._id;
  if (!job || !studio || !talent) throw new Error('the demo data has no job, studio or public performer');
  if (!reviewPath || !guardianPath) throw new Error('the app printed no demo review or guardian link (with BASE_URL: set REVIEW_PATH and GUARDIAN_PATH)');
  return [
    '/',
    '/jobs',
    `/jobs/${job}`,
    '/studio',
    `/studio-detail/${studio}`,
    `/talent/${talent}`,
    '/login',
    '/signup',
    '/studio-signup',
    '/forgot-password',
    '/contact',
    '/terms',
    '/privacy',
    reviewPath,
    guardianPath,
  ];
}

/** Whether the page's first <img> (in document order) is loaded lazily, read from the DOM snapshot. */
function firstImageLazy(lhr) {
  const items = lhr.audits['prioritize-lcp-image']?.details?.items ?? [];
  const lcpLazy = lhr.audits['lcp-lazy-loaded'];
  if (lcpLazy && lcpLazy.score !== null) return lcpLazy.score < 1 ? 'yes (the LCP image)' : 'no';
  return items.length ? 'maybe' : 'no';
}

const app = process.env.BASE_URL
  ? { baseUrl: process.env.BASE_URL.replace(/\/+$/, ''), linkPaths: () => ({ reviewPath: process.env.REVIEW_PATH, guardianPath: process.env.GUARDIAN_PATH }), stop: async () => {} }
  : await startApp();
const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
const results = [];
try {
  for (const p of await pages(app.baseUrl, app.linkPaths())) {
    // Lighthouse's defaults are its mobile settings: a 412 px Moto G screen, a slow 4G and a 4× slower CPU.
    const run = await lighthouse(`${app.baseUrl}${p}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility', 'performance'], formFactor: 'mobile' });
    const lhr = run.lhr;
    const a11y = Math.round((lhr.categories.accessibility.score ?? 0) * 100);
    const cls = lhr.audits['cumulative-layout-shift'].numericValue ?? 0;
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0))
      .map((a) => a.id);
    const row = { page: p, accessibility: a11y, cls: Number(cls.toFixed(3)), firstImageLazy: firstImageLazy(lhr), accessibilityFailing: failing };
    results.push(row);
    console.log(`${p.padEnd(60)} accessibility ${String(a11y).padStart(3)}  CLS ${row.cls.toFixed(3)}  first image lazy: ${row.firstImageLazy}${failing.length ? `  failing: ${failing.join(', ')}` : ''}`);
  }
} finally {
  await chrome.kill();
  await app.stop();
}
const out = process.argv.indexOf('--json');
if (out > 0 && process.argv[out + 1]) await writeFile(process.argv[out + 1], JSON.stringify(results, null, 2));
