/**
 * The casting office's calls through HTTP on PGlite and PostgreSQL (docs/team.md,
 * docs/slots.md "The day", docs/self-tapes.md "Feedback"), each beside a baseline in the same
 * run: a studio call made by a casting member (the team's permission check) against the same
 * call by the owner, checking a performer in on the day, and a viewer's feedback in the review
 * room. `npm run bench` runs it; `npx tsx bench/office.ts` alone.
 */
import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.js';
import { signToken } from '../src/server/modules/auth/index.js';
import { startBare } from './bare-route.js';
import { BROWSER, latencies, percentiles, sendJson } from './load.js';
import { runAlone, type Add } from './run-alone.js';
import { atMostTimes } from './aim.js';
import { BENCH_JWT_SECRET, onEachEngine } from './seeded-app.js';

/** Booked times on the day (one check-in each) and applicants in the review room (one pick each). */
const BOOKED = Number(process.env.BENCH_OFFICE_BOOKED ?? 100);
const REVIEWED = 50;
const REQUESTS = 200;
type Rows<T> = { rows: T[] };

const tokenOf = (id: string) => signToken(new TextEncoder().encode(BENCH_JWT_SECRET), id, 0);

interface Seeded {
  ownerToken: string;
  memberToken: string;
  jobId: string;
  /** Booked times starting within the hour, when the day's check-in is open. */
  slotIds: string[];
  applications: { id: string }[];
}

/** A studio with one job, a casting member, performers auditioning, each booked on a time starting within the hour. */
async function seed(db: Db): Promise<Seeded> {
  const tag = Date.now();
  const one = async <T>(statement: ReturnType<typeof sql>) => ((await db.execute(statement)) as unknown as Rows<T>).rows[0]!;
  const owner = await one<{ id: string }>(
    sql`insert into users (email, fname, password_hash, role) values (${`bench-office-${tag}@example.com`}, 'Bench Office', 'not-a-login', 'studio') returning id`,
  );
  const studio = await one<{ id: string }>(sql`insert into studios (owner_id, fname) values (${owner.id}, 'Bench Office') returning id`);
  const job = await one<{ id: string }>(sql`insert into jobs (studio_id, title, job_type) values (${studio.id}, 'Bench office job', 'Feature film') returning id`);
  const member = await one<{ id: string }>(sql`
    insert into users (email, fname, password_hash, role, member_of, studio_role)
    values (${`bench-office-member-${tag}@example.com`}, 'Bench Casting', 'not-a-login', 'member', ${owner.id}, 'casting') returning id`);
  const { rows: apps } = (await db.execute(sql`
    with p as (
      insert into users (email, fname, password_hash)
      select 'bench-office-' || i || '-' || ${tag} || '@example.com', 'Performer ' || i, 'not-a-login' from generate_series(1, ${BOOKED}) as i
      returning id)
    insert into applications (job_id, performer_id, status, note, history)
    select ${job.id}, id, 'auditioning', 'A note', jsonb_build_array(jsonb_build_object('status', 'auditioning', 'at', now()::text)) from p
    returning id, performer_id`)) as unknown as Rows<{ id: string; performer_id: string }>;
  const { rows: slots } = (await db.execute(sql`
    insert into audition_slots (job_id, starts_at, ends_at, place, booked_application_id, booking_uid, booked_at)
    select ${job.id}, now() + interval '30 minutes', now() + interval '40 minutes', 'Studio 1', a.id, gen_random_uuid(), now()
    from unnest(${sql.raw(`array[${apps.map((a) => `'${a.id}'::uuid`).join(',')}]`)}) as a(id)
    returning id`)) as unknown as Rows<{ id: string }>;
  return {
    ownerToken: await tokenOf(owner.id),
    memberToken: await tokenOf(member.id),
    jobId: job.id,
    slotIds: slots.map((s) => s.id),
    applications: apps.map((a) => ({ id: a.id })),
  };
}

/** A bare route answering `body`: its p50 and p95. */
async function bareLatencies(body: string) {
  const bare = await startBare(body);
  try {
    return await latencies(REQUESTS, () => `${bare.url}/user`);
  } finally {
    await bare.stop();
  }
}

/** GETs `url` as the owner and as the member in turn, REQUESTS each, one at a time: each one's p50 and p95. */
async function ownerAndMember(url: string, s: Seeded) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const timed = (token: string) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      http
        .get(url, { agent, headers: { ...BROWSER, 'x-auth-token': token } }, (res) => {
          res.on('data', () => {});
          res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${url} answered ${res.statusCode}`))));
          res.on('error', reject);
        })
        .on('error', reject);
    });
  const owner: number[] = [];
  const member: number[] = [];
  try {
    for (let i = 0; i < REQUESTS; i++) {
      // Who goes first alternates too.
      if (i % 2 === 0) {
        owner.push(await timed(s.ownerToken));
        member.push(await timed(s.memberToken));
      } else {
        member.push(await timed(s.memberToken));
        owner.push(await timed(s.ownerToken));
      }
    }
  } finally {
    agent.destroy();
  }
  return { owner: percentiles(owner), member: percentiles(member) };
}

async function rowsFor(engine: string, baseUrl: string, s: Seeded, add: Add) {
  // The permission check: the same studio call as the owner and as a casting member, alternating
  // call by call (the owner's 200 then the member's 200 put whatever the machine did later on the member alone).
  const slotsUrl = `${baseUrl}/api/studio/jobs/${s.jobId}/slots`;
  await latencies(20, () => slotsUrl, { headers: { 'x-auth-token': s.memberToken } });
  const { owner, member } = await ownerAndMember(slotsUrl, s);
  add(
    `a studio call by a casting member (GET the job's ${BOOKED} audition times) [${engine}]`,
    `p50 ${member.p50} ms, p95 ${member.p95} ms (${REQUESTS} requests); ${atMostTimes(member.p95, owner.p95, 1.1, 'p95', 'the owner')}`,
    `the same call by the owner: p50 ${owner.p50} ms, p95 ${owner.p95} ms`,
  );

  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    // Checking each booked performer in, as the casting member on the day.
    const checkIns: number[] = [];
    let answer = '';
    for (const slotId of s.slotIds) {
      const r = await sendJson(agent, 'POST', `${baseUrl}/api/studio/slots/${slotId}/check-in`, s.memberToken, { status: 'arrived' });
      if (r.status !== 200) throw new Error(`a check-in answered ${r.status}: ${r.body}`);
      checkIns.push(r.ms);
      answer = r.body;
    }
    const checked = percentiles(checkIns);
    const b = await bareLatencies(answer);
    add(
      `checking a performer in on the day [${engine}]`,
      `p50 ${checked.p50} ms, p95 ${checked.p95} ms (${checkIns.length} check-ins); ${atMostTimes(checked.p95, b.p95, 12)}`,
      `bare Fastify, a check-in's JSON: p50 ${b.p50} ms, p95 ${b.p95} ms`,
    );

    // A viewer's pick for each applicant in the review room (no account).
    const created = await sendJson(agent, 'POST', `${baseUrl}/api/studio/review-links`, s.ownerToken, {
      jobId: s.jobId,
      applicationIds: s.applications.slice(0, REVIEWED).map((a) => a.id),
      expiresInDays: 7,
    });
    if (created.status !== 201) throw new Error(`the review link answered ${created.status}: ${created.body}`);
    const token = (JSON.parse(created.body) as { url: string }).url.split('/').pop()!;
    // The room names each performer by an id of the link's own.
    const room = (await (await fetch(`${baseUrl}/api/review/${token}`)).json()) as { performers: { _id: string }[] };
    const picks: number[] = [];
    for (const { _id: performerId } of room.performers) {
      const r = await sendJson(agent, 'POST', `${baseUrl}/api/review/${token}/feedback`, null, { performerId, name: 'Bench Director', pick: 'yes', comment: 'Strong read.' });
      if (r.status !== 200 && r.status !== 201) throw new Error(`feedback answered ${r.status}: ${r.body}`);
      picks.push(r.ms);
      answer = r.body;
    }
    const picked = percentiles(picks);
    const fb = await bareLatencies(answer);
    add(
      `a viewer's feedback in the review room [${engine}]`,
      `p50 ${picked.p50} ms, p95 ${picked.p95} ms (${picks.length} picks); ${atMostTimes(picked.p95, fb.p95, 12)}`,
      `bare Fastify, a pick's JSON: p50 ${fb.p50} ms, p95 ${fb.p95} ms`,
    );
  } finally {
    agent.destroy();
  }
}

export async function officeBench(add: Add): Promise<void> {
  await onEachEngine('The casting office', seed, ({ engine, app, seeded }) => rowsFor(engine, app.baseUrl, seeded, add));
}

await runAlone(import.meta, officeBench);
