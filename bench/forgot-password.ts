/**
 * How long POST /api/auth/forgot-password takes for an e-mail with an account and for
 * one without: the two must not be told apart (docs/account.md).
 */
import { round } from './load.js';

export async function measureForgotPassword(baseUrl: string, knownEmail: string, count = 40) {
  const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
  for (let i = 0; i < count * 2; i++) {
    const kind = i % 2 === 0 ? 'known' : 'unknown';
    const email = kind === 'known' ? knownEmail : `nobody-${i}-${Date.now()}@example.com`;
    const start = performance.now();
    const res = await fetch(`${baseUrl}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`forgot-password answered ${res.status}`);
    times[kind].push(performance.now() - start);
  }
  const stats = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    return { p50: round(at(0.5)), p95: round(at(0.95)), mean: round(list.reduce((a, b) => a + b, 0) / list.length) };
  };
  return { known: stats(times.known), unknown: stats(times.unknown) };
}
