import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { CHECKED_ROUTES, checkAnswer } from './answer-check';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the answer check of development and tests', () => {
  it("passes the server's own answers to the reads it knows", async () => {
    for (const url of ['/api/config', '/api/jobs?q=x', '/api/studios/find?q=&location=&page=1', '/api/showAllStudioList?search=']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(() => checkAnswer('GET', url, res.json()), url).not.toThrow();
    }
  });

  it('throws, naming the call and the field, on an answer the contract does not describe', () => {
    expect(() => checkAnswer('GET', '/api/jobs?q=x', { jobs: 'none', nextCursor: null })).toThrow(/GET \/api\/jobs .*jobs/);
    expect(() => checkAnswer('GET', `/api/jobs/${crypto.randomUUID()}`, {})).toThrow(/GET \/api\/jobs\/:id/);
  });

  it("checks every GET the server answers with a JSON schema, and no other", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, { get?: { responses?: Record<string, { content?: Record<string, unknown> }> } }>;
    };
    const reads = Object.entries(doc.paths)
      .filter(([, ops]) => ops.get?.responses?.['200']?.content?.['application/json'])
      .map(([path]) => path.replace(/\{([A-Za-z]+)\}/g, ':$1'));
    expect([...CHECKED_ROUTES].sort()).toEqual(reads.sort());
  });

  it('leaves writes and calls it has no schema for alone', () => {
    expect(() => checkAnswer('POST', '/api/jobs', 'anything')).not.toThrow();
    expect(() => checkAnswer('GET', '/api/nothing-here', 'anything')).not.toThrow();
  });
});
