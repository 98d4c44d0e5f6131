/** The review room's page (docs/self-tapes.md): served to anyone, never indexed. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'audition-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>Audition</title></head><body><div id="root"></div></body></html>');
  t = await buildTestApp({}, { webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

it('answers /review/{token} with the app page, a robots noindex meta tag and X-Robots-Tag; other pages keep neither', async () => {
  const page = await t.app.inject({ method: 'GET', url: `/review/${'a'.repeat(43)}` });
  expect(page.statusCode).toBe(200);
  expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(page.body).toContain('<meta name="robots" content="noindex, nofollow" />');
  const home = await t.app.inject({ method: 'GET', url: '/' });
  expect(home.headers['x-robots-tag']).toBeUndefined();
  expect(home.body).not.toContain('name="robots"');
});
