/**
 * What an operator watches (docs/operations.md): one Prometheus registry per app, so two
 * apps in one process (the tests) never mix their figures. Request durations are labelled by
 * the route's pattern, never the raw address, so ids cannot grow the label set; the other
 * figures are read when /metrics is scraped, so nothing is counted twice.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EventBus } from './adapters/event-bus.js';
import type { Database } from './db/client.js';
import type { RateLimiter } from './rate-limit/rate-limiter.js';

/** Seconds: a cached read answers in about a millisecond, a conversion or a large upload in minutes. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  registry: Registry;
  /** One finished request: its method, its route's pattern (or "unmatched"), its status and its seconds. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** Event streams open on this instance (a stream counts from its head until it ends). */
  streamsOpen: Gauge;
  /** Uploads being received by this instance now. */
  uploadsInProgress: Gauge;
  /** Background work: one run of a job, how it ended. */
  jobRuns: Counter<'job' | 'outcome'>;
  /** Items waiting for a background job, by job (set by the job when it looks). */
  jobQueueDepth: Gauge<'job'>;
  /** Seconds a video or tape took to convert. */
  conversionSeconds: Histogram;
  /** Conversion attempts that failed, by outcome (`retried`, or `failed` for good). */
  conversionFailures: Counter<'outcome'>;
  close(): void;
}

/** The parts of the app whose state the figures read. */
export interface Watched {
  database: Pick<Database, 'poolStats'>;
  events: Pick<EventBus, 'ready'>;
  limiter: Pick<RateLimiter, 'sharedStoreDown'>;
}

export function createMetrics(ctx: Watched): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  // The default metrics' event-loop lag is one sample a scrape; this is the distribution.
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  new Gauge({
    name: 'event_loop_delay_p99_seconds',
    help: "The event loop's delay, 99th percentile since the last scrape",
    registers: [registry],
    collect() {
      this.set(loop.percentile(99) / 1e9);
      loop.reset();
    },
  });

  const pool = ctx.database.poolStats ? () => ctx.database.poolStats!() : null;
  new Gauge({
    name: 'db_pool_connections',
    help: "The database pool's connections by state (PostgreSQL; PGlite has no pool)",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      const { total, idle, waiting } = pool();
      this.set({ state: 'total' }, total);
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'waiting' }, waiting);
    },
  });
  new Gauge({
    name: 'redis_connected',
    help: 'Whether the shared stores of Redis answer: live events and rate limits (1 yes, 0 no)',
    labelNames: ['store'] as const,
    registers: [registry],
    collect() {
      this.set({ store: 'events' }, ctx.events.ready ? 1 : 0);
      this.set({ store: 'rateLimits' }, ctx.limiter.sharedStoreDown ? 0 : 1);
    },
  });

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requestSeconds.observe({ method, route, status_code: String(status) }, seconds);
    },
    streamsOpen: new Gauge({ name: 'event_streams_open', help: 'Event streams open on this instance', registers: [registry] }),
    uploadsInProgress: new Gauge({ name: 'uploads_in_progress', help: 'Uploads this instance is receiving', registers: [registry] }),
    jobRuns: new Counter({ name: 'background_job_runs_total', help: 'Runs of background jobs by outcome', labelNames: ['job', 'outcome'] as const, registers: [registry] }),
    jobQueueDepth: new Gauge({ name: 'background_job_queue_depth', help: 'Items waiting for a background job', labelNames: ['job'] as const, registers: [registry] }),
    conversionSeconds: new Histogram({
      name: 'conversion_duration_seconds',
      help: 'Seconds a video or tape took to convert',
      buckets: [1, 5, 15, 30, 60, 120, 300, 600],
      registers: [registry],
    }),
    conversionFailures: new Counter({ name: 'conversion_failures_total', help: 'Conversion attempts that failed', labelNames: ['outcome'] as const, registers: [registry] }),
    close() {
      loop.disable();
    },
  };
}
