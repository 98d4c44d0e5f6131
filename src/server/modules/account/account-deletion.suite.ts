/**
 * DELETE /api/me on one storage driver: account-deletion.test.ts runs it on local disk,
 * account-deletion.s3.test.ts on S3 (s3rver on loopback).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.js';
import { applications, contactMessages, jobs, payments, pendingFileDeletions, studios, uploads, userMedia, users } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../../test/test-app.js';
import { buildPerformer, newAddress, signUpAndVerify, type Performer } from '../../../../test/factories.js';
import { buildStudioAccount, uploadImage, type StudioAccount } from '../../../../test/studio-factories.js';
import { makeImage, multipart } from '../../../../test/media-files.js';
import type { StorageSetup } from '../../../../test/storage-setups.js';
import { sweepFileDeletions } from '../media/index.js';

export interface DeletionDriverSetup extends StorageSetup {
  driver: 'local' | 's3';
}

export function accountDeletionSuite(setup: DeletionDriverSetup) {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(setup.env());
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? { 'x-auth-token': token } : {}, payload: payload as object, remoteAddress: newAddress() });
  const deleteMe = (p: Performer, password = p.password) => call('DELETE', '/api/me', p.token, { password });

  /** A performer with a profile picture, a photo in the list, a payment and a contact message; answers their keys. */
  async function fullPerformer(): Promise<{ p: Performer; keys: string[]; orderId: string }> {
    const p = await buildPerformer(t);
    const urls: string[] = [];
    for (const purpose of ['?purpose=profile', '']) {
      const { payload, headers } = multipart({ filename: 'me.png', contentType: 'image/png', body: await makeImage('png') });
      const res = await t.app.inject({ method: 'POST', url: `/api/storage/images${purpose}`, payload, headers: { ...headers, 'x-auth-token': p.token } });
      expect(res.statusCode).toBe(200);
      urls.push((res.json() as { url: string }).url);
    }
    expect((await call('POST', '/api/upload/profilePic', p.token, { profilePicUrl: urls[0] })).statusCode).toBe(200);
    expect((await call('POST', '/api/upload/media', p.token, { mediaType: 'photos', media: urls[1] })).statusCode).toBe(200);
    const order = (await call('POST', '/api/payments/orders', p.token, { plan: 'Silver' })).json() as { id: string };
    expect((await call('POST', `/api/payments/orders/${order.id}/capture`, p.token)).statusCode).toBe(200);
    expect((await call('POST', '/api/contact', p.token, { email: p.email, number: '123456', message: 'hello' })).statusCode).toBe(200);
    const rows = await t.ctx.db.select({ key: uploads.key, thumbKey: uploads.thumbKey }).from(uploads).where(eq(uploads.userId, p._id));
    const keys = rows.flatMap((r) => (r.thumbKey ? [r.key, r.thumbKey] : [r.key]));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    const stored = await setup.listKeys(t);
    for (const key of keys) expect(stored).toContain(key);
    return { p, keys, orderId: order.id };
  }

  describe(`DELETE /api/me (${setup.driver} storage)`, () => {
    it('removes the profile, media rows, contact messages and stored files; keeps the payment without the name; the e-mail can sign up again', async () => {
      const { p, keys, orderId } = await fullPerformer();
      const other = await fullPerformer();
      const res = await deleteMe(p);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ msg: MSG.accountDeleted });

      expect(await t.ctx.db.$count(users, eq(users.id, p._id))).toBe(0);
      expect(await t.ctx.db.$count(userMedia, eq(userMedia.userId, p._id))).toBe(0);
      expect(await t.ctx.db.$count(uploads, eq(uploads.userId, p._id))).toBe(0);
      expect(await t.ctx.db.$count(contactMessages, eq(contactMessages.userId, p._id))).toBe(0);
      const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
      expect(payment).toMatchObject({ userId: null, name: '', type: expect.any(String), amount: expect.any(String) });
      const stored = await setup.listKeys(t);
      for (const key of keys) expect(stored).not.toContain(key);
      expect(await t.ctx.db.$count(pendingFileDeletions)).toBe(0);

      // The other account is untouched.
      for (const key of other.keys) expect(stored).toContain(key);
      expect((await call('GET', '/api/audition/getUserData', other.p.token)).statusCode).toBe(200);

      expect((await call('GET', '/api/audition/getUserData', p.token)).statusCode).toBe(401);
      expect((await call('POST', '/api/audition/login', undefined, { email: p.email, password: p.password })).statusCode).toBe(400);
      const again = await signUpAndVerify(t, { email: p.email });
      expect(again.answer.created).toBe('create');
      expect(again.answer._id).not.toBe(p._id);
    });

    it('refuses a wrong password with 400 and deletes nothing', async () => {
      const { p, keys } = await fullPerformer();
      const res = await deleteMe(p, 'not my password');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: MSG.currentPasswordWrong });
      expect((await call('GET', '/api/audition/getUserData', p.token)).statusCode).toBe(200);
      const stored = await setup.listKeys(t);
      for (const key of keys) expect(stored).toContain(key);
    });

    it('answers 401 without a token and 400 without a password', async () => {
      expect((await call('DELETE', '/api/me', undefined, { password: 'whatever' })).statusCode).toBe(401);
      const p = await buildPerformer(t);
      const res = await call('DELETE', '/api/me', p.token, {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: MSG.fillAllFields });
    });

    it('a failure in the middle of the transaction leaves the account whole and usable', async () => {
      const { p, keys, orderId } = await fullPerformer();
      // The database refuses to delete this one users row: the last step of the transaction fails.
      await t.ctx.db.execute(sql.raw(`
        create or replace function refuse_test_delete() returns trigger language plpgsql as $$
        begin
          if old.id = '${p._id}' then raise exception 'refused by the test'; end if;
          return old;
        end $$`));
      await t.ctx.db.execute(sql.raw('create trigger refuse_test_delete before delete on users for each row execute function refuse_test_delete()'));
      try {
        const res = await deleteMe(p);
        expect(res.statusCode).toBe(500);
      } finally {
        await t.ctx.db.execute(sql.raw('drop trigger refuse_test_delete on users'));
        await t.ctx.db.execute(sql.raw('drop function refuse_test_delete()'));
      }
      expect((await call('GET', '/api/audition/getUserData', p.token)).statusCode).toBe(200);
      expect((await call('POST', '/api/audition/login', undefined, { email: p.email, password: p.password })).statusCode).toBe(200);
      expect(await t.ctx.db.$count(userMedia, eq(userMedia.userId, p._id))).toBe(1);
      expect(await t.ctx.db.$count(uploads, eq(uploads.userId, p._id))).toBe(2);
      expect(await t.ctx.db.$count(contactMessages, eq(contactMessages.userId, p._id))).toBe(1);
      const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
      expect(payment).toMatchObject({ userId: p._id, name: p.fname });
      expect(await t.ctx.db.$count(pendingFileDeletions)).toBe(0);
      const stored = await setup.listKeys(t);
      for (const key of keys) expect(stored).toContain(key);
      // And it can still be deleted afterwards.
      expect((await deleteMe(p)).statusCode).toBe(200);
    });

    it('files the storage fails to delete stay queued, and the sweep deletes them later', async () => {
      const { p, keys } = await fullPerformer();
      const realDelete = t.ctx.storage.delete.bind(t.ctx.storage);
      t.ctx.storage.delete = async () => {
        throw new Error('storage unreachable');
      };
      try {
        expect((await deleteMe(p)).statusCode).toBe(200);
      } finally {
        t.ctx.storage.delete = realDelete;
      }
      expect(await t.ctx.db.$count(users, eq(users.id, p._id))).toBe(0);
      const queued = await t.ctx.db.select().from(pendingFileDeletions);
      expect(queued.map((q) => q.key).sort()).toEqual([...keys].sort());
      expect(queued.every((q) => q.attempts === 1 && q.lastError === 'storage unreachable')).toBe(true);
      let stored = await setup.listKeys(t);
      for (const key of keys) expect(stored).toContain(key);

      const swept = await sweepFileDeletions(t.ctx, t.app.log);
      expect(swept).toEqual({ deleted: keys.length, failed: 0 });
      stored = await setup.listKeys(t);
      for (const key of keys) expect(stored).not.toContain(key);
      expect(await t.ctx.db.$count(pendingFileDeletions)).toBe(0);
    });

    it('two sweeps running at once never take the same key', async () => {
      await t.ctx.db.insert(pendingFileDeletions).values(Array.from({ length: 20 }, (_, i) => ({ key: `images/never-stored-${i}.png` })));
      const [a, b] = await Promise.all([sweepFileDeletions(t.ctx, t.app.log), sweepFileDeletions(t.ctx, t.app.log)]);
      expect(a.deleted + b.deleted).toBe(20);
      expect(await t.ctx.db.$count(pendingFileDeletions)).toBe(0);
    });
  });

  describe(`DELETE /api/me for a studio account (${setup.driver} storage)`, () => {
    /** A studio with a logo, a banner, and two jobs with a picture each; answers its keys and jobs. */
    async function fullStudio(fname: string) {
      const studio = await buildStudioAccount(t, { fname });
      // One after another: an account may upload at most two files at once.
      const [logo, banner, first, second] = [await uploadImage(t, studio.token), await uploadImage(t, studio.token), await uploadImage(t, studio.token), await uploadImage(t, studio.token)];
      expect((await call('POST', '/api/studio/me', studio.token, { fname, location: 'Pune', projectDesc: 'Our films', number: '9800000000', profilePic: logo, banner })).statusCode).toBe(200);
      const post = async (title: string, image: string) => {
        const res = await call('POST', '/api/studio/jobs', studio.token, { title, jobType: 'Short film', images: [image] });
        expect(res.statusCode).toBe(201);
        return (res.json() as { _id: string })._id;
      };
      const jobIds = [await post(`${fname} lead`, first!), await post(`${fname} extra`, second!)];
      const rows = await t.ctx.db.select({ key: uploads.key, thumbKey: uploads.thumbKey }).from(uploads).where(eq(uploads.userId, studio._id));
      const keys = rows.flatMap((r) => (r.thumbKey ? [r.key, r.thumbKey] : [r.key]));
      expect(keys.length).toBeGreaterThanOrEqual(4);
      return { studio, keys, jobIds };
    }
    const deleteStudio = (s: StudioAccount) => call('DELETE', '/api/me', s.token, { password: s.password });

    it('exports the page and every job with applicant counts, and no performer\'s or other studio\'s data', async () => {
      const { studio, jobIds } = await fullStudio('Export Films');
      const rival = await fullStudio('Rival Films');
      const applicant = await buildPerformer(t);
      await t.ctx.db.insert(applications).values({ jobId: jobIds[0]!, performerId: applicant._id });
      const res = await call('GET', '/api/me/export', studio.token);
      expect(res.statusCode).toBe(200);
      const file = res.json() as { studio: { page: Record<string, unknown>; jobs: Array<{ _id: string; title: string; applicants: Record<string, number> }> } };
      expect(file.studio.page).toMatchObject({ id: studio.studioId, fname: 'Export Films', location: 'Pune', projectDesc: 'Our films', number: '9800000000' });
      expect(file.studio.jobs.map((j) => j._id)).toEqual(jobIds);
      expect(file.studio.jobs[0]).toMatchObject({ title: 'Export Films lead', applicants: { applied: 1 } });
      expect(file.studio.jobs[1]!.applicants).toEqual({});
      const text = res.body;
      for (const secret of [applicant.email, applicant._id, applicant.fname, rival.studio.email, rival.studio.studioId, 'Rival Films']) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/argon2|passwordHash|tokenVersion/);
      // A performer's export has no studio section.
      expect((await call('GET', '/api/me/export', applicant.token)).json()).toMatchObject({ studio: null });
    });

    it('removes the page, the jobs and their files; the e-mail can sign up again', async () => {
      const { studio, keys, jobIds } = await fullStudio('Vanishing Films');
      const other = await fullStudio('Staying Films');
      const res = await deleteStudio(studio);
      expect(res.statusCode).toBe(200);
      expect(await t.ctx.db.$count(studios, eq(studios.id, studio.studioId))).toBe(0);
      for (const id of jobIds) expect((await call('GET', `/api/jobs/${id}`)).statusCode).toBe(404);
      expect(await t.ctx.db.$count(jobs, eq(jobs.studioId, studio.studioId))).toBe(0);
      expect((await call('GET', `/api/studio/${studio.studioId}`)).statusCode).toBe(404);
      const stored = await setup.listKeys(t);
      for (const key of keys) expect(stored).not.toContain(key);
      for (const key of other.keys) expect(stored).toContain(key);
      expect((await call('GET', `/api/studio/${other.studio.studioId}`)).statusCode).toBe(200);
      expect((await call('GET', '/api/studio/me', studio.token)).statusCode).toBe(401);
      const again = await buildStudioAccount(t, { email: studio.email, fname: 'Vanishing Films Again' });
      expect(again.studioId).not.toBe(studio.studioId);
    });

    it('a job with applicants stays closed under "Deleted account"; their open applications close; the page leaves every list', async () => {
      const { studio, keys, jobIds } = await fullStudio('Applied Films');
      const [applied, untouched] = jobIds as [string, string];
      const [waiting, booked] = [await buildPerformer(t), await buildPerformer(t)];
      await t.ctx.db.insert(applications).values([
        { jobId: applied, performerId: waiting._id, status: 'shortlisted' },
        { jobId: applied, performerId: booked._id, status: 'booked' },
      ]);
      expect((await deleteStudio(studio)).statusCode).toBe(200);

      // The job with applicants answers closed, without its pictures, under "Deleted account".
      const job = await call('GET', `/api/jobs/${applied}`);
      expect(job.statusCode).toBe(200);
      expect(job.json()).toMatchObject({ status: 'closed', images: [], studio: { _id: studio.studioId, fname: MSG.deletedAccount, profilePic: '', verified: false } });
      expect((await call('GET', `/api/jobs/${untouched}`)).statusCode).toBe(404);
      const statuses = await t.ctx.db.select({ performerId: applications.performerId, status: applications.status }).from(applications).where(eq(applications.jobId, applied));
      expect(Object.fromEntries(statuses.map((a) => [a.performerId, a.status]))).toEqual({ [waiting._id]: 'closed', [booked._id]: 'booked' });
      const [row] = await t.ctx.db.select().from(studios).where(eq(studios.id, studio.studioId));
      expect(row).toMatchObject({ ownerId: null, fname: MSG.deletedAccount, location: '', projectDesc: '', number: '', banner: '', deletedAt: expect.any(Date) });

      // No public page, no list, no search, no job board entry.
      expect((await call('GET', `/api/studio/${studio.studioId}`)).statusCode).toBe(404);
      expect((await call('GET', `/api/studio/alljobs/${studio.studioId}`)).statusCode).toBe(404);
      const list = await call('GET', '/api/audition/getAllStudio');
      expect(list.body).not.toContain(studio.studioId);
      expect((await call('GET', `/api/showAllStudioList?search=${encodeURIComponent(MSG.deletedAccount)}`)).body).not.toContain(studio.studioId);
      expect((await call('GET', `/api/studios/find?q=${encodeURIComponent(MSG.deletedAccount)}`)).body).not.toContain(studio.studioId);
      expect((await call('GET', '/api/jobs?q=Applied%20Films')).json()).toMatchObject({ jobs: [] });
      const sitemap = await call('GET', '/sitemap.xml');
      expect(sitemap.statusCode).toBe(200);
      expect(sitemap.body).not.toContain(studio.studioId);
      const stored = await setup.listKeys(t);
      for (const key of keys) expect(stored).not.toContain(key);
    });
  });
}
