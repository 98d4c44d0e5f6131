/**
 * Demo tapes (demo-tapes.ts, docs/media.md "Demo tapes"): the demo studio's first applicants
 * have a tape request with sides and a sent tape that is `ready`; its MP4 and poster load over
 * real HTTP from the board's answer and from the demo review room; the sides download stamped;
 * two seeds at once and a second start add nothing; never in production.
 */
import { hash } from '@node-rs/argon2';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TapeRequest } from '../../contract/self-tapes.js';
import type { StudioApplication } from '../../contract/applications.js';
import { mediaConversions, studioFiles, tapeRequests, users } from '../db/schema/index.js';
import { seedDemoApplications } from './demo-applications.js';
import { seedDemoReviewLink } from './demo-review.js';
import { DEMO_CONVERTER, seedDemoTapes } from './demo-tapes.js';
import { DEMO_PERFORMER_DOMAIN } from './performers.js';
import { DEMO_STUDIO_LOGINS, seedDemoStudioAccounts } from './studio-accounts.js';
import { newAddress } from '../../../test/factories.js';
import { readPdf } from '../../../test/pdf-text.js';
import { seedTestApp } from '../../../test/seed-test-app.js';

const seeded = seedTestApp({ demoStudios: true });
const { withEnv } = seeded;

/** The top-level boxes of an MP4, in order. */
function boxes(mp4: Buffer): string[] {
  const out: string[] = [];
  for (let at = 0; at + 8 <= mp4.length; ) {
    const size = mp4.readUInt32BE(at);
    out.push(mp4.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return out;
}

/** Loads a tape's converted MP4 and poster over HTTP and checks what arrives is what a player needs. */
async function expectLoads(base: string, tape: { playbackUrl: string | null; posterUrl: string | null }) {
  const mp4 = await fetch(`${base}${tape.playbackUrl}`);
  expect(mp4.status).toBe(200);
  expect(mp4.headers.get('content-type')).toContain('video/mp4');
  const body = Buffer.from(await mp4.arrayBuffer());
  const top = boxes(body);
  expect(top.indexOf('moov')).toBeGreaterThan(-1);
  expect(top.indexOf('moov')).toBeLessThan(top.indexOf('mdat'));
  expect(body.includes(Buffer.from('avc1'))).toBe(true);
  expect(body.includes(Buffer.from('mp4a'))).toBe(true);
  // A player seeks with byte ranges.
  const part = await fetch(`${base}${tape.playbackUrl}`, { headers: { range: 'bytes=0-99' } });
  expect(part.status).toBe(206);
  expect((await part.arrayBuffer()).byteLength).toBe(100);
  const poster = await fetch(`${base}${tape.posterUrl}`);
  expect(poster.status).toBe(200);
  expect(poster.headers.get('content-type')).toContain('image/jpeg');
  const jpeg = Buffer.from(await poster.arrayBuffer());
  expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
}

async function storedFiles(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map(String).filter((f) => /(tape|play|poster|sides)-/.test(f)).sort();
}

describe('demo tapes', () => {
  it('are not made in production, with SEED_DEMO=0, or before there are demo applications', async () => {
    await seedDemoStudioAccounts(withEnv({ SEED_DEMO: '1' }), () => {});
    expect(await seedDemoTapes(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(0);
    await seeded.t.ctx.db
      .insert(users)
      .values(Array.from({ length: 6 }, (_, i) => ({ email: `performer${i}@${DEMO_PERFORMER_DOMAIN}`, fname: `Demo ${i}`, passwordHash: 'not-a-login' })));
    await seedDemoApplications(withEnv({ SEED_DEMO: '1' }), () => {});
    expect(await seedDemoTapes(withEnv({ SEED_DEMO: '1', NODE_ENV: 'production' }, true), () => {})).toBe(0);
    expect(await seedDemoTapes(withEnv({ SEED_DEMO: '0' }), () => {})).toBe(0);
    expect(await seeded.t.ctx.db.$count(tapeRequests)).toBe(0);
  });

  it('are ready: the board and the review room answer a converted MP4 and a poster that load over HTTP; sides download stamped; a second seed adds nothing', async () => {
    const { t } = seeded;
    const lines: string[] = [];
    await seedDemoReviewLink(withEnv({ SEED_DEMO: '1' }), (l) => lines.push(l));
    // Two instances starting together: one seeds, the other writes nothing and leaves no file (checked below).
    const both = await Promise.all([seedDemoTapes(withEnv({ SEED_DEMO: '1' }), (l) => lines.push(l)), seedDemoTapes(withEnv({ SEED_DEMO: '1' }), (l) => lines.push(l))]);
    expect(both.sort()).toEqual([0, 3]);
    expect(lines.at(-1)).toBe('seeded 3 demo tapes, ready to play');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

    // The demo studio logs in and reads its job's tapes, as the self-tapes screen does.
    const login = await t.app.inject({ method: 'POST', url: '/api/audition/login', payload: { email: DEMO_STUDIO_LOGINS[0].email, password: DEMO_STUDIO_LOGINS[0].password }, remoteAddress: newAddress() });
    const token = (login.json() as { token: string }).token;
    const [row] = await t.ctx.db.select({ jobId: tapeRequests.jobId }).from(tapeRequests).limit(1);
    const listed = await fetch(`${base}/api/studio/jobs/${row!.jobId}/tape-requests`, { headers: { 'x-auth-token': token } });
    expect(listed.status).toBe(200);
    const requests = ((await listed.json()) as { tapeRequests: TapeRequest[] }).tapeRequests;
    expect(requests).toHaveLength(3);
    for (const r of requests) {
      expect(r).toMatchObject({ status: 'submitted', sidesPages: 2, tape: { status: 'ready', reason: null } });
      expect(r.tape!.playbackUrl).toContain('file=playback');
      expect(r.tape!.posterUrl).toContain('file=poster');
      expect(r.tape!.durationS).toBeCloseTo(4, 0);
      await expectLoads(base, r.tape!);
    }
    expect(requests.filter((r) => r.tape!.watchedAt !== null)).toHaveLength(1);

    // The applicant board's answers carry the same tapes.
    const board = await fetch(`${base}/api/studio/jobs/${row!.jobId}/applications`, { headers: { 'x-auth-token': token } });
    const apps = ((await board.json()) as { applications: StudioApplication[] }).applications;
    const taped = apps.filter((a) => a.tape);
    expect(taped).toHaveLength(3);
    for (const a of taped) await expectLoads(base, a.tape!);

    // The demo review room (the seed's link) plays them through its token.
    const url = /(\/review\/[\w-]{43})$/.exec(lines.find((l) => l.includes('/review/'))!)![1]!;
    const room = await fetch(`${base}/api${url}`);
    expect(room.status).toBe(200);
    const performers = ((await room.json()) as { performers: { tape: { status: string; playbackUrl: string | null; posterUrl: string | null } | null }[] }).performers;
    expect(performers.filter((p) => p.tape?.status === 'ready')).toHaveLength(3);
    for (const p of performers) await expectLoads(base, p.tape!);

    // The sides: two pages, stamped with the performer's name on download.
    const [request] = await t.ctx.db.select().from(tapeRequests).limit(1);
    // Demo performers have no login: this one gets a password to read their own request's sides.
    const [performer] = await t.ctx.db.update(users).set({ passwordHash: await hash('a-demo-password') }).where(eq(users.id, request!.performerId!)).returning({ fname: users.fname, email: users.email });
    const own = await t.app.inject({ method: 'POST', url: '/api/audition/login', payload: { email: performer!.email, password: 'a-demo-password' }, remoteAddress: newAddress() });
    const sides = await fetch(`${base}/api/audition/tape-requests/${request!.id}/sides`, { headers: { 'x-auth-token': (own.json() as { token: string }).token } });
    expect(sides.status).toBe(200);
    const pdf = readPdf(Buffer.from(await sides.arrayBuffer()));
    expect(pdf).toHaveLength(2);
    for (const page of pdf) expect(page.text).toContain(performer!.fname);

    // Rows as the worker leaves them.
    const conversions = await t.ctx.db.select().from(mediaConversions);
    expect(conversions).toHaveLength(3);
    for (const c of conversions) expect(c).toMatchObject({ status: 'ready', attempts: 1, claimedBy: DEMO_CONVERTER, claimedAt: null, reason: null, width: 640, height: 360 });

    // A second start adds nothing: no row, no file.
    const files = await storedFiles(path.join(t.dataDir, 'uploads'));
    expect(files.filter((f) => f.includes('tape-'))).toHaveLength(3);
    expect(await seedDemoTapes(withEnv({ SEED_DEMO: '1' }), () => {})).toBe(0);
    expect(await storedFiles(path.join(t.dataDir, 'uploads'))).toEqual(files);
    expect(await t.ctx.db.$count(tapeRequests)).toBe(3);
    expect(await t.ctx.db.$count(mediaConversions)).toBe(3);
    expect((await t.ctx.db.select({ n: count() }).from(studioFiles))[0]!.n).toBe(1);
  }, 120_000);
});
