/**
 * The conversion's figures on /metrics (docs/operations.md): seconds per conversion, the
 * queue's depth as a pass starts, and failed attempts by outcome.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPerformer, newAddress } from '../../../../test/factories.js';
import { fixture, multipart } from '../../../../test/media-files.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { createConversionWorker } from './conversions.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const quiet = { info: () => {}, warn: () => {} };

function figures() {
  const registers = [new Registry()];
  return {
    conversionSeconds: new Histogram({ name: 'conversion_duration_seconds', help: 'h', buckets: [1, 5, 15], registers }),
    conversionFailures: new Counter({ name: 'conversion_failures_total', help: 'h', labelNames: ['outcome'] as const, registers }),
    jobQueueDepth: new Gauge({ name: 'background_job_queue_depth', help: 'h', labelNames: ['job'] as const, registers }),
  };
}

async function storeVideo() {
  const who = await buildPerformer(t, {});
  const form = multipart({ filename: 'clip.mp4', body: fixture('clip.mp4') });
  const res = await t.app.inject({ method: 'POST', url: '/api/storage/videos', headers: { ...form.headers, 'x-auth-token': who.token }, payload: form.payload, remoteAddress: newAddress() });
  expect(res.statusCode).toBe(200);
}

describe('conversion metrics', () => {
  it('a conversion moves the seconds histogram and the queue depth; a failure moves the failures counter', async () => {
    await storeVideo();
    const m = figures();
    const done = await createConversionWorker(t.ctx, quiet, { instanceId: 'metrics-a', concurrency: 1, metrics: m }).drain();
    expect(done.converted).toBeGreaterThanOrEqual(1);
    expect((await m.jobQueueDepth.get()).values.find((v) => v.labels.job === 'media-conversions')?.value).toBeGreaterThanOrEqual(1);
    const seconds = (await m.conversionSeconds.get()).values.find((v) => v.metricName === 'conversion_duration_seconds_count');
    expect(seconds?.value).toBe(done.converted);

    await storeVideo();
    const broken = await createConversionWorker(t.ctx, quiet, {
      instanceId: 'metrics-b',
      concurrency: 1,
      metrics: m,
      convert: () => Promise.reject(new Error('no picture')),
    }).drain();
    expect(broken.retried).toBe(1);
    expect((await m.conversionFailures.get()).values).toEqual([expect.objectContaining({ labels: { outcome: 'retried' }, value: 1 })]);
    // Nothing converted by the broken worker: the histogram did not move.
    expect((await m.conversionSeconds.get()).values.find((v) => v.metricName === 'conversion_duration_seconds_count')?.value).toBe(done.converted);
  });
});
