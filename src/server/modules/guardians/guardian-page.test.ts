/** The guardian's consent page (docs/guardians.md): a page of the app for anyone with the link, never indexed, no referrer. */
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

it('answers /guardian/{token} with the app page, noindex and no referrer; a longer path under it is 404', async () => {
  const page = await t.app.inject({ method: 'GET', url: `/guardian/${'a'.repeat(43)}` });
  expect(page.statusCode).toBe(200);
  expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(page.headers['referrer-policy']).toBe('no-referrer');
  expect(page.body).toContain('<meta name="robots" content="noindex, nofollow" />');
  expect((await t.app.inject({ method: 'GET', url: `/guardian/${'a'.repeat(43)}/more` })).statusCode).toBe(404);
});
