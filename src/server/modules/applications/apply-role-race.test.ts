/**
 * Applying while the studio removes the role (docs/faults.md, "Applying"): the role passes
 * its check, then is deleted before the application's insert, whose reference refuses it.
 * A trigger on the real database deletes the role at that moment. PGlite, or PostgreSQL
 * with TEST_DB=postgres.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CAST_MSG } from '../../../contract/casting-messages.js';
import { applications, jobRoles } from '../../db/schema/index.js';
import { givePlan, postJob } from '../../../../test/application-factories.js';
import { buildPerformer, newAddress } from '../../../../test/factories.js';
import { buildStudioAccount } from '../../../../test/studio-factories.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

it('a role removed between its check and the insert answers 404 with { msg, code }, not 500', async () => {
  const studio = await buildStudioAccount(t, { fname: 'Race Studio' });
  const job = await postJob(t, studio, { title: 'Race Job' });
  const performer = await buildPerformer(t, { fname: 'Race Performer' });
  await givePlan(t, performer._id, 'Gold');
  const [role] = await t.ctx.db.select({ id: jobRoles.id }).from(jobRoles).where(eq(jobRoles.jobId, job._id));
  await t.ctx.db.execute(sql.raw(`create function remove_role_first() returns trigger language plpgsql as $$
    begin delete from job_roles where id = new.role_id; return new; end $$`));
  await t.ctx.db.execute(sql.raw(`create trigger remove_role_first before insert on applications
    for each row when (new.job_id = '${job._id}') execute function remove_role_first()`));
  try {
    const res = await t.app.inject({ method: 'POST', url: `/api/jobs/${job._id}/apply`, headers: { 'x-auth-token': performer.token }, payload: { roleId: role!.id }, remoteAddress: newAddress() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: CAST_MSG.roleNotFound, code: 'not_found' });
    expect(await t.ctx.db.$count(applications, eq(applications.performerId, performer._id))).toBe(0);
  } finally {
    await t.ctx.db.execute(sql.raw('drop trigger remove_role_first on applications'));
    await t.ctx.db.execute(sql.raw('drop function remove_role_first()'));
  }
});
