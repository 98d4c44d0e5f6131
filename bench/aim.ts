/**
 * Each row's aim against its baseline from the same run (docs/performance.md, "How to
 * measure"): only the ratio travels between machines, so the verdict is worked out here,
 * beside the figures, and printed as "met" or "not met".
 */
import { round } from './load.js';

/** A latency aim: `figure` at most `times` × the baseline's (the bare route's unless `of` names another). */
export function atMostTimes(figureMs: number, baselineMs: number, times: number, what = 'p95', of = 'bare'): string {
  const limit = round(baselineMs * times, 2);
  return `aim ${what} ≤ ${times}× ${of} (${limit} ms): ${figureMs <= limit ? 'met' : 'not met'}`;
}

/** A latency aim in milliseconds, whatever the baseline. */
export function atMostMs(figureMs: number, limitMs: number, what = 'p95'): string {
  return atMost(figureMs, limitMs, 'ms', what);
}

/** An aim in a unit of its own (KB per stream, ms), whatever the baseline. */
export function atMost(figure: number, limit: number, unit: string, what: string): string {
  return `aim ${what} ≤ ${limit} ${unit}: ${figure <= limit ? 'met' : 'not met'}`;
}

/** A rate aim: `rate` at least `share` × the baseline's. */
export function atLeastShare(rate: number, baseline: number, share: number): string {
  const ratio = baseline > 0 ? round(rate / baseline, 3) : 0;
  return `${ratio}× bare, aim ≥ ${share}×: ${ratio >= share ? 'met' : 'not met'}`;
}

/**
 * The words after `npm run bench --`: a group of rows runs when no word was given or its
 * name contains one of them (`npm run bench -- search` runs the studio and talent searches).
 */
export function selected(group: string, words: string[] = process.argv.slice(2)): boolean {
  return words.length === 0 || words.some((w) => group.toLowerCase().includes(w.toLowerCase()));
}
