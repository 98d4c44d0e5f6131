/** Helpers of the guardians tests: a date of birth of a given age, a minor given a guardian, the mailed link's token. */
import type { Performer } from './factories.js';
import { newAddress } from './factories.js';
import type { TestApp } from './test-app.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** The date of birth of someone `years` old today (UTC), less `daysShort` days: 17 years 364 days is (18, 1). */
export function bornYearsAgo(years: number, daysShort = 0, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  // 29 February of a year without one: the birthday is 1 March.
  if (d.getUTCMonth() !== now.getUTCMonth()) d.setUTCDate(0);
  d.setUTCDate(d.getUTCDate() + daysShort);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export const putAge = (t: TestApp, p: Performer, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/audition/age', headers: { 'x-auth-token': p.token }, payload: payload as object });

export function tokenIn(text: string): string {
  const m = /\/guardian\/([A-Za-z0-9_-]{43})/.exec(text);
  if (!m) throw new Error(`no guardian link in: ${text}`);
  return m[1]!;
}

/** Gives the performer a date of birth `years` ago and a guardian; answers the guardian's e-mail and the mailed token. */
export async function giveGuardian(t: TestApp, p: Performer, years = 15): Promise<{ email: string; token: string }> {
  const email = `guardian-${Math.random().toString(36).slice(2)}@example.com`;
  const since = t.sink.messages.length;
  const res = await putAge(t, p, { dateOfBirth: bornYearsAgo(years), guardian: { name: 'Asha Rao', email } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { email, token: tokenIn((await t.sink.waitFor(email, { since })).text) };
}

export async function consent(t: TestApp, token: string) {
  const res = await t.app.inject({ method: 'POST', url: `/api/guardian/${token}/consent`, remoteAddress: newAddress() });
  if (res.statusCode !== 200) throw new Error(res.body);
}
