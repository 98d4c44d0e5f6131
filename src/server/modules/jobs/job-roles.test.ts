import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MSG, type MyApplication, type StudioApplication } from '../../../contract/applications.js';
import { CAST_MSG, type BoardAnswer, type JobPage, type JobPost, type OwnJob } from '../../../contract/jobs.js';
import type { RecommendationsAnswer } from '../../../contract/talent.js';
import { applications, jobRoles, jobs, users } from '../../db/schema/index.js';
import { givePlan } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, type StudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
let studio: StudioAccount;
let rival: StudioAccount;
beforeAll(async () => {
  t = await buildTestApp();
  [studio, rival] = await Promise.all([buildStudioAccount(t, { fname: 'Roles Studio' }), buildStudioAccount(t, { fname: 'Other Studio' })]);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });

const paidDay = { kind: 'paid', amount: 5000, unit: 'day' } as const;
const threeRoles = [
  { name: 'Lead', profession: 'Actor', gender: 'Female', ageMin: 25, ageMax: 32, pay: paidDay, skills: ['Kathak'], languages: ['Hindi'] },
  { name: 'Friend', profession: 'Actor', pay: { kind: 'paid', amount: 2500, unit: 'project' } },
  { name: 'Crowd', pay: { kind: 'unpaid' } },
];

async function postCall(body: Record<string, unknown> = {}, who: StudioAccount = studio): Promise<JobPost> {
  const res = await call('POST', '/api/studio/jobs', who.token, { title: 'Feature film', jobType: 'Film', roles: threeRoles, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as JobPost;
}

async function planned(plan: 'Gold' | '' = 'Gold', profile: Partial<typeof users.$inferInsert> = {}): Promise<Performer> {
  const p = await buildPerformer(t);
  if (plan) await givePlan(t, p._id, plan);
  // Set as if the profile form was saved: until then gender and profession count as not stated (docs/talent.md).
  if (Object.keys(profile).length) await t.ctx.db.update(users).set({ profileStatedAt: new Date(), ...profile }).where(eq(users.id, p._id));
  return p;
}

const apply = (job: { _id: string }, who: Performer, body: Record<string, unknown> = {}) => call('POST', `/api/jobs/${job._id}/apply`, who.token, body);
const countJobs = async () => (await t.ctx.db.select({ id: jobs.id }).from(jobs)).length;

describe('a job without roles (the one-role calls, unchanged)', () => {
  it('has one role made from its fields, pay not stated; applying needs no roleId; the role follows a title edit', async () => {
    const res = await call('POST', '/api/studio/jobs', studio.token, { title: 'Old style', jobType: 'Ad', profession: 'Dancer', gender: 'Male', ageMin: 18, ageMax: 30 });
    expect(res.statusCode).toBe(201);
    const job = res.json() as JobPost;
    expect(job.roles).toEqual([
      { _id: expect.any(String), name: 'Old style', description: '', profession: 'Dancer', gender: 'Male', ageMin: 18, ageMax: 30, pay: null, skills: [], languages: [], status: 'open' },
    ]);
    const p = await planned();
    const applied = await apply(job, p, { note: 'Hi' });
    expect(applied.statusCode).toBe(201);
    expect((applied.json() as MyApplication).role).toEqual({ _id: job.roles[0]!._id, name: 'Old style' });
    const again = await apply(job, p);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(APP_MSG.alreadyApplied);
    const edited = await call('PATCH', `/api/studio/jobs/${job._id}`, studio.token, { title: 'Old style, renamed' });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as JobPost).roles.map((r) => [r._id, r.name])).toEqual([[job.roles[0]!._id, 'Old style, renamed']]);
    const board = (await call('GET', `/api/jobs/${job._id}`)).json() as JobPage;
    expect(board.roles).toHaveLength(1);
    expect(board.you).toBeUndefined();
  });

  it('a job and an application written without roles (the demo seed, old rows) get the job’s role', async () => {
    const [row] = await t.ctx.db.insert(jobs).values({ studioId: studio.studioId, title: 'Seeded', jobType: 'Film' }).returning();
    const p = await planned();
    const [app] = await t.ctx.db.insert(applications).values({ jobId: row!.id, performerId: p._id }).returning();
    const roles = await t.ctx.db.select().from(jobRoles).where(eq(jobRoles.jobId, row!.id));
    expect(roles.map((r) => [r.name, r.payKind])).toEqual([['Seeded', null]]);
    expect(app!.roleId).toBe(roles[0]!.id);
  });
});

describe('roles and pay on POST and PATCH', () => {
  it('posts three roles in order with their pay, and every job answer carries them', async () => {
    const job = await postCall();
    expect(job.roles.map((r) => [r.name, r.pay, r.status])).toEqual([
      ['Lead', paidDay, 'open'],
      ['Friend', { kind: 'paid', amount: 2500, unit: 'project' }, 'open'],
      ['Crowd', { kind: 'unpaid', amount: null, unit: null }, 'open'],
    ]);
    expect(job.roles[0]).toMatchObject({ profession: 'Actor', gender: 'Female', ageMin: 25, ageMax: 32, skills: ['Kathak'], languages: ['Hindi'] });
    expect(((await call('GET', `/api/jobs/${job._id}`)).json() as JobPage).roles).toEqual(job.roles);
    const board = (await call('GET', '/api/jobs')).json() as BoardAnswer;
    expect(board.jobs.find((j) => j._id === job._id)?.roles).toEqual(job.roles);
    const own = (await call('GET', '/api/studio/jobs', studio.token)).json() as { jobs: OwnJob[] };
    expect(own.jobs.find((j) => j._id === job._id)?.roles).toEqual(job.roles);
    expect(CAST_MSG.pay(job.roles[0]!.pay)).toBe('₹5,000 / day');
    expect(CAST_MSG.pay(job.roles[2]!.pay)).toBe('Unpaid');
    expect(CAST_MSG.pay({ kind: 'deferred', amount: null, unit: null })).toBe('Deferred pay');
    expect(CAST_MSG.pay(null)).toBe('Pay not stated');
  });

  it("keeps a role description's line breaks and tabs, and still refuses other control characters", async () => {
    const description = 'Warm, quick-witted.\r\nSings in the second scene.\n\tNo accent needed.';
    const job = await postCall({ roles: [{ name: 'Lead', description }] });
    expect(job.roles[0]!.description).toBe(description);
    expect(((await call('GET', `/api/jobs/${job._id}`)).json() as JobPage).roles[0]!.description).toBe(description);
    const refused = await call('POST', '/api/studio/jobs', studio.token, { title: 'Bell', jobType: 'Film', roles: [{ name: 'Lead', description: 'Rings\u0007' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_input', field: 'roles.0.description' });
  });

  it('refuses bad pay and bad role lists with 400 and a message, and posts nothing', async () => {
    const before = await countJobs();
    const cases: [unknown, string][] = [
      [[{ name: 'A', pay: { kind: 'paid', unit: 'day' } }], CAST_MSG.payAmount],
      [[{ name: 'A', pay: { kind: 'paid', amount: 0, unit: 'day' } }], CAST_MSG.payAmount],
      [[{ name: 'A', pay: { kind: 'paid', amount: 12.5, unit: 'day' } }], CAST_MSG.payAmount],
      [[{ name: 'A', pay: { kind: 'paid', amount: 100 } }], CAST_MSG.payUnit],
      [[{ name: 'A', pay: { kind: 'unpaid', amount: 100 } }], CAST_MSG.payNotPaid],
      [[{ name: 'A', pay: { kind: 'deferred', unit: 'day' } }], CAST_MSG.payNotPaid],
      [[{ name: 'A', pay: { kind: 'tips' } }], 'Pay must be one of: paid, unpaid, deferred'],
      [[], CAST_MSG.noRoles],
      [Array.from({ length: 21 }, (_, i) => ({ name: `R${i}` })), CAST_MSG.tooManyRoles(20)],
      [[{ name: 'A', skills: Array.from({ length: 11 }, (_, i) => `s${i}`) }], CAST_MSG.tooManyNames('Skills', 10)],
      [[{ name: 'x'.repeat(81) }], 'Role name must be at most 80 characters'],
      [[{ name: 'A', ageMin: 40, ageMax: 20 }], 'Age from must not be above Age to'],
    ];
    for (const [roles, msg] of cases) {
      const res = await call('POST', '/api/studio/jobs', studio.token, { title: 'Bad', jobType: 'Film', roles });
      expect(res.statusCode, JSON.stringify(roles)).toBe(400);
      expect(res.json().msg, JSON.stringify(roles)).toContain(msg.split(' must')[0]);
    }
    expect(await countJobs()).toBe(before);
  });

  it('PATCH takes the whole list: keeps, changes, reorders, adds, removes; removing an applied role is 409 and changes nothing', async () => {
    const job = await postCall();
    const [lead, friend, crowd] = job.roles;
    const p = await planned();
    expect((await apply(job, p, { roleId: lead!._id })).statusCode).toBe(201);
    const list = [
      { ...crowd!, pay: { kind: 'deferred' } },
      { ...lead!, name: 'Lead (Meera)' },
      { name: 'Stunt double', pay: paidDay },
    ];
    const edited = await call('PATCH', `/api/studio/jobs/${job._id}`, studio.token, { roles: list });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (edited.json() as JobPost).roles;
    expect(after.map((r) => r.name)).toEqual(['Crowd', 'Lead (Meera)', 'Stunt double']);
    expect(after[0]).toMatchObject({ _id: crowd!._id, pay: { kind: 'deferred', amount: null, unit: null } });
    expect(after[1]!._id).toBe(lead!._id);
    expect(after.map((r) => r._id)).not.toContain(friend!._id);

    // Lead has an applicant: removing it is refused, the title sent with it is not written either.
    const refused = await call('PATCH', `/api/studio/jobs/${job._id}`, studio.token, { title: 'Renamed', roles: [after[0], after[2]] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(CAST_MSG.roleApplied('Lead (Meera)'));
    const now = (await call('GET', `/api/jobs/${job._id}`)).json() as JobPage;
    expect(now.title).toBe('Feature film');
    expect(now.roles).toEqual(after);

    const unknown = await call('PATCH', `/api/studio/jobs/${job._id}`, studio.token, { roles: [{ ...after[1]!, _id: friend!._id }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe(CAST_MSG.unknownRole);
    const otherJob = await postCall({}, rival);
    const stolen = await call('PATCH', `/api/studio/jobs/${job._id}`, studio.token, { roles: [after[1], { ...otherJob.roles[0]!, name: 'Stolen' }] });
    expect(stolen.statusCode).toBe(400);
    expect(((await call('GET', `/api/jobs/${otherJob._id}`)).json() as JobPage).roles[0]!.name).toBe('Lead');
  });
});

describe('casting a role, and the board’s paid filter', () => {
  it('marks a role cast: it stays on the job, takes no new applications (409); another studio gets 404', async () => {
    const job = await postCall();
    const role = job.roles[1]!;
    expect((await call('POST', `/api/studio/jobs/${job._id}/roles/${role._id}/cast`, rival.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/studio/jobs/${job._id}/roles/not-a-role/cast`, studio.token)).statusCode).toBe(404);
    const cast = await call('POST', `/api/studio/jobs/${job._id}/roles/${role._id}/cast`, studio.token);
    expect(cast.statusCode).toBe(200);
    expect((cast.json() as JobPost).roles.map((r) => r.status)).toEqual(['open', 'cast', 'open']);
    const p = await planned();
    const refused = await apply(job, p, { roleId: role._id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(CAST_MSG.roleCast);
    expect(await t.ctx.db.select().from(applications).where(eq(applications.performerId, p._id))).toHaveLength(0);
  });

  it('paid=1 lists only jobs with an open paid role', async () => {
    const paid = await postCall({ title: 'Paid call' });
    const unpaid = await postCall({ title: 'Unpaid call', roles: [{ name: 'Extra', pay: { kind: 'unpaid' } }, { name: 'Helper', pay: { kind: 'deferred' } }] });
    const castAway = await postCall({ title: 'Cast paid call', roles: [{ name: 'Only', pay: paidDay }, { name: 'Extra', pay: { kind: 'unpaid' } }] });
    await call('POST', `/api/studio/jobs/${castAway._id}/roles/${castAway.roles[0]!._id}/cast`, studio.token);
    const ids = ((await call('GET', '/api/jobs?paid=1')).json() as BoardAnswer).jobs.map((j) => j._id);
    expect(ids).toContain(paid._id);
    expect(ids).not.toContain(unpaid._id);
    expect(ids).not.toContain(castAway._id);
    const all = ((await call('GET', '/api/jobs')).json() as BoardAnswer).jobs.map((j) => j._id);
    expect(all).toEqual(expect.arrayContaining([paid._id, unpaid._id, castAway._id]));
    expect((await call('GET', '/api/jobs?paid=yes')).statusCode).toBe(400);
  });
});

describe('applying per role', () => {
  it('one application per performer and role; two roles are two applications; the roleId rules', async () => {
    const job = await postCall();
    const [lead, friend] = job.roles;
    const p = await planned();
    const noRole = await apply(job, p);
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().msg).toBe(CAST_MSG.chooseRole);
    expect((await apply(job, p, { roleId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const a = await apply(job, p, { roleId: lead!._id });
    expect(a.statusCode).toBe(201);
    expect((a.json() as MyApplication).role).toEqual({ _id: lead!._id, name: 'Lead' });
    const again = await apply(job, p, { roleId: lead!._id });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(CAST_MSG.alreadyAppliedRole);
    expect((await apply(job, p, { roleId: friend!._id })).statusCode).toBe(201);
    const mine = (await call('GET', '/api/audition/applications', p.token)).json() as { applications: MyApplication[]; quota: { used: number } };
    expect(mine.applications.map((x) => x.role.name).sort()).toEqual(['Friend', 'Lead']);
    expect(mine.quota.used).toBe(2);

    // The studio's side: each application names its role, the list filters by role, the dashboard counts per role.
    const listed = (await call('GET', `/api/studio/jobs/${job._id}/applications`, studio.token)).json() as { applications: StudioApplication[] };
    expect(listed.applications.map((x) => x.role.name).sort()).toEqual(['Friend', 'Lead']);
    const byRole = (await call('GET', `/api/studio/jobs/${job._id}/applications?roleId=${friend!._id}`, studio.token)).json() as { applications: StudioApplication[] };
    expect(byRole.applications.map((x) => x.role)).toEqual([{ _id: friend!._id, name: 'Friend' }]);
    expect((await call('GET', `/api/studio/jobs/${job._id}/applications?roleId=nope`, studio.token)).statusCode).toBe(404);
    const own = (await call('GET', '/api/studio/jobs', studio.token)).json() as { jobs: OwnJob[] };
    expect(own.jobs.find((j) => j._id === job._id)?.applicants).toMatchObject({ total: 2, byRole: { [lead!._id]: 1, [friend!._id]: 1, [job.roles[2]!._id]: 0 } });
  });

  it('two roles at once with one application left: one 201, one 402, and one application written', async () => {
    const job = await postCall();
    const p = await planned();
    // 69 of Gold's 70 used, on closed filler jobs.
    const fillers = await t.ctx.db
      .insert(jobs)
      .values(Array.from({ length: 69 }, (_, i) => ({ studioId: studio.studioId, title: `Filler ${i}`, jobType: 'Filler', status: 'closed' })))
      .returning({ id: jobs.id });
    await t.ctx.db.insert(applications).values(fillers.map((f) => ({ jobId: f.id, performerId: p._id })));
    const answers = await Promise.all([apply(job, p, { roleId: job.roles[0]!._id }), apply(job, p, { roleId: job.roles[1]!._id })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 402]);
    const written = await t.ctx.db.select().from(applications).where(eq(applications.jobId, job._id));
    expect(written).toHaveLength(1);
  });
});

describe('where the performer stands (GET /api/jobs/{id} with their token)', () => {
  it('without a plan: plan null, none left; with Gold: applications left and the roles applied to; fit in words', async () => {
    const job = await postCall();
    const none = await planned('', { category: 'Actor', gender: 'Female', age: '35' });
    const page = (await call('GET', `/api/jobs/${job._id}`, none.token)).json() as JobPage;
    expect(page.you).toEqual({ plan: null, applicationsLeft: 0, appliedRoleIds: [] });
    expect(page.fit).toEqual([
      { roleId: job.roles[0]!._id, matches: false, reasons: ['Looking for an Actor', 'For Female performers'], misses: ['Ages 25–32; you are 35', 'Hindi; not on your résumé', 'Kathak; not on your résumé'] },
      { roleId: job.roles[1]!._id, matches: true, reasons: ['Looking for an Actor'], misses: [] },
      { roleId: job.roles[2]!._id, matches: true, reasons: ['Open to every profession'], misses: [] },
    ]);
    const refused = await apply(job, none, { roleId: job.roles[1]!._id });
    expect(refused.statusCode).toBe(402);

    const gold = await planned('Gold', { category: 'Dancer', gender: 'Male' });
    expect((await apply(job, gold, { roleId: job.roles[2]!._id })).statusCode).toBe(201);
    const res = await call('GET', `/api/jobs/${job._id}`, gold.token);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const mine = res.json() as JobPage;
    expect(mine.you).toEqual({ plan: 'Gold', applicationsLeft: 69, appliedRoleIds: [job.roles[2]!._id] });
    expect(mine.fit![0]!.misses).toEqual(['Looking for an Actor; you are a Dancer', 'For Female performers; your profile says Male', 'Ages 25–32; your profile has no age', 'Hindi; not on your résumé', 'Kathak; not on your résumé']);
    // A studio's token, or none, sees the job as everyone does.
    expect(((await call('GET', `/api/jobs/${job._id}`, studio.token)).json() as JobPage).you).toBeUndefined();
  });
});

describe('recommendations per role', () => {
  it('recommends the roles that fit, each with its roleId and the role’s reasons', async () => {
    const me = await planned('Gold', { category: 'Singer', gender: 'Female', age: '28', location: 'Pune' });
    const job = await postCall({
      title: 'Musical',
      location: 'Pune',
      roles: [
        { name: 'Chorus', profession: 'Singer', gender: 'Female', ageMin: 20, ageMax: 30, pay: paidDay },
        { name: 'Drummer', profession: 'Musician', pay: paidDay },
        { name: 'Usher', pay: { kind: 'unpaid' } },
      ],
    });
    const { jobs: items } = (await call('GET', '/api/audition/recommendedJobs', me.token)).json() as RecommendationsAnswer;
    const here = items.filter((i) => i._id === job._id);
    expect(here.map((i) => i.roleId)).toEqual([job.roles[0]!._id, job.roles[2]!._id]);
    expect(here[0]!.reasons).toEqual(['Looking for a Singer', 'For Female performers', 'In Pune', 'Ages 20–30']);
    expect((await apply(job, me, { roleId: job.roles[0]!._id })).statusCode).toBe(201);
    const after = ((await call('GET', '/api/audition/recommendedJobs', me.token)).json() as RecommendationsAnswer).jobs.filter((i) => i._id === job._id);
    expect(after.map((i) => i.roleId)).toEqual([job.roles[2]!._id]);
  });
});
