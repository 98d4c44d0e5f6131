/**
 * Young performers and their guardians (docs/guardians.md): the date of birth, the guardian,
 * the consent link (14 days, only its SHA-256 kept, no account needed), consent, withdrawal and
 * the daily lift at 18. Every function that depends on the day takes the clock as a parameter.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { FINAL_STATUSES } from '../../../contract/applications-limits.js';
import type { AgeAnswer, AgeBody, GuardianAnswer } from '../../../contract/guardians.js';
import { ADULT_AGE, GUARDIAN_LINK_DAYS, GUARDIAN_MSG, OLDEST_AGE } from '../../../contract/guardians-messages.js';
import { escapeHtml, type MailMessage } from '../../adapters/mail/mailer.js';
import type { BackgroundJob } from '../../background/runner.js';
import type { AppContext } from '../../context.js';
import { CHANNELS } from '../../db/change-feed.js';
import type { Db, Tx } from '../../db/client.js';
import { applications, guardianEvents, jobs, performerAges, studios, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { enforceLimit } from '../../rate-limit/enforce-limit.js';
import { recordEvents } from '../events/index.js';
import { createNotifications, sendAfterCommit, sendOrKeep, type AfterCommit } from '../notifications/index.js';
import { hashLinkToken, newLinkToken } from '../../lib/link-token.js';

const DAY_MS = 86_400_000;
/** The day changes once a day; looking every hour lifts a birthday within an hour of midnight UTC. */
export const GUARDIAN_SWEEP_EVERY_MS = 60 * 60_000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The UTC day of `now`, YYYY-MM-DD. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Whole years from `dob` to `today` (both YYYY-MM-DD): a birthday counts from its day (29 February from 1 March). */
export function ageOn(dob: string, today: string): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

/** A day that exists on the calendar. */
function realDay(day: string): boolean {
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === day;
}

type Log = FastifyBaseLogger;

/**
 * Ends what hangs on withdrawn applications (their booked audition times, their open tape
 * requests), in the caller's transaction. The applications area's, handed in by app.ts: that
 * area asks this one whether a performer is held, so importing it here would be a circle.
 */
export type EndApplications = (tx: Tx, applicationIds: readonly string[], now: Date) => Promise<AfterCommit>;

const nothingAfter: AfterCommit = { mails: [], events: [] };

/**
 * Withdraws the performer's open applications and tells each job's studio (in the bell, live
 * after commit): a guardian withdrew consent, or a date of birth made the performer a minor
 * waiting for consent. Their booked times are freed and their tape requests end, as a
 * withdrawal's do (docs/guardians.md). Answers what to send once `tx` commits.
 */
async function withdrawApplications(tx: Tx, userId: string, name: string, now: Date, endApplications: EndApplications): Promise<AfterCommit> {
  const withdrawn = await tx
    .update(applications)
    .set({
      status: 'withdrawn',
      history: sql`${applications.history} || jsonb_build_array(jsonb_build_object('status', 'withdrawn'::text, 'at', ${now.toISOString()}::text))`,
      updatedAt: now,
    })
    .where(and(eq(applications.performerId, userId), notInArray(applications.status, [...FINAL_STATUSES])))
    .returning({ id: applications.id, jobId: applications.jobId });
  if (withdrawn.length === 0) return nothingAfter;
  const told = await tx
    .select({ owner: studios.ownerId, title: jobs.title, jobId: jobs.id })
    .from(jobs)
    .innerJoin(studios, eq(studios.id, jobs.studioId))
    .where(inArray(jobs.id, [...new Set(withdrawn.map((w) => w.jobId))]));
  const owners = told.filter((t): t is typeof t & { owner: string } => t.owner !== null);
  await createNotifications(
    tx,
    owners.map((t) => ({ userId: t.owner, kind: 'applicant' as const, text: GUARDIAN_MSG.withdrawnNotice(name, t.title), link: `/dashboard/jobs/${t.jobId}/applicants` })),
  );
  const ended = await endApplications(tx, withdrawn.map((w) => w.id), now);
  // The studios' bells update live, as a move's notice does.
  const events = await recordEvents(tx, [...new Set(owners.map((t) => t.owner))], { kind: 'notification', data: {} });
  return { mails: ended.mails, events: [...events, ...ended.events] };
}


export function createGuardiansService(ctx: AppContext, endApplications: EndApplications) {
  const { db } = ctx;
  const origin = (ctx.config.env.PUBLIC_URL ?? `http://localhost:${ctx.config.env.PORT}`).replace(/\/+$/, '');

  function linkMail(performer: string, to: string, token: string): MailMessage {
    const link = `${origin}/guardian/${token}`;
    const text = GUARDIAN_MSG.mailBody(performer, link);
    return {
      to,
      subject: GUARDIAN_MSG.mailSubject(performer),
      text,
      html: `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`.replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`),
    };
  }

  /** A new link for the row: its hash stored, the old one kept in the history so it answers 410. */
  async function newLink(tx: Tx, userId: string, name: string, email: string, now: Date): Promise<string> {
    const token = newLinkToken();
    const tokenHash = hashLinkToken(token);
    await tx
      .update(performerAges)
      .set({ tokenHash, tokenExpiresAt: new Date(now.getTime() + GUARDIAN_LINK_DAYS * DAY_MS), updatedAt: now })
      .where(eq(performerAges.userId, userId));
    await tx.insert(guardianEvents).values({ userId, kind: 'link_sent', guardianName: name, guardianEmail: email, tokenHash, at: now });
    return token;
  }

  /** Makes the performer private (held or withdrawn); the profile's version moves so its polls see it. */
  async function makePrivate(tx: Tx, userId: string) {
    await tx.update(users).set({ visibility: 'private', version: sql`${users.version} + 1` }).where(eq(users.id, userId));
  }

  async function answer(dbx: Db | Tx, userId: string): Promise<AgeAnswer> {
    const [row] = await dbx.select().from(performerAges).where(eq(performerAges.userId, userId));
    if (!row) return { dateOfBirth: null, minor: false, guardian: null };
    if (!(row.minor && row.guardianName && row.guardianEmail)) return { dateOfBirth: row.dateOfBirth, minor: row.minor, guardian: null };
    // Withdrawn: the history's last word (a link sent since asks again) is the guardian's withdrawal.
    const [last] = row.consentedAt
      ? []
      : await dbx
          .select({ kind: guardianEvents.kind, at: guardianEvents.at })
          .from(guardianEvents)
          .where(and(eq(guardianEvents.userId, userId), inArray(guardianEvents.kind, ['link_sent', 'consented', 'withdrawn', 'removed'])))
          .orderBy(desc(guardianEvents.id))
          .limit(1);
    return {
      dateOfBirth: row.dateOfBirth,
      minor: row.minor,
      guardian: {
        name: row.guardianName,
        email: row.guardianEmail,
        consentedAt: row.consentedAt?.toISOString() ?? null,
        withdrawnAt: last?.kind === 'withdrawn' ? last.at.toISOString() : null,
      },
    };
  }

  /** The live row of a guardian's token: 404 when unknown, 410 when it ended (expired before consent, replaced, or the performer is 18). */
  async function rowOfToken(token: string, now: Date) {
    if (!TOKEN.test(token)) throw errors.notFound(GUARDIAN_MSG.linkNotFound);
    const tokenHash = hashLinkToken(token);
    const [row] = await db
      .select({ age: performerAges, name: users.fname })
      .from(performerAges)
      .innerJoin(users, eq(users.id, performerAges.userId))
      .where(eq(performerAges.tokenHash, tokenHash));
    const dead = () => errors.guardianLinkDead();
    if (!row) {
      const [old] = await db.select({ id: guardianEvents.id }).from(guardianEvents).where(eq(guardianEvents.tokenHash, tokenHash)).limit(1);
      if (old) throw dead();
      throw errors.notFound(GUARDIAN_MSG.linkNotFound);
    }
    if (!row.age.minor) throw dead();
    // Fourteen days to consent; once given, the same link withdraws it for as long as the performer is a minor.
    if (!row.age.consentedAt && row.age.tokenExpiresAt && row.age.tokenExpiresAt <= now) throw dead();
    return row;
  }

  const guardianAnswerOf = (row: { age: typeof performerAges.$inferSelect; name: string }): GuardianAnswer => ({
    performer: { name: row.name },
    consentedAt: row.age.consentedAt?.toISOString() ?? null,
  });

  return {
    get: (userId: string) => answer(db, userId),

    /**
     * Saves the date of birth (and the guardian under 18), keeps the free-text age in step and,
     * when a guardian is new or changed, holds the performer and mails the guardian a link.
     */
    async put(userId: string, body: AgeBody, now: Date, log: Log): Promise<AgeAnswer> {
      const today = dayOf(now);
      if (!realDay(body.dateOfBirth)) throw errors.validation(GUARDIAN_MSG.dateOfBirthInvalid, 'dateOfBirth');
      if (body.dateOfBirth >= today) throw errors.validation(GUARDIAN_MSG.dateOfBirthFuture, 'dateOfBirth');
      const years = ageOn(body.dateOfBirth, today);
      const oldest = String(Number(today.slice(0, 4)) - OLDEST_AGE).padStart(4, '0') + today.slice(4);
      if (body.dateOfBirth < oldest) throw errors.validation(GUARDIAN_MSG.dateOfBirthTooOld, 'dateOfBirth');
      const minor = years < ADULT_AGE;
      const guardian = minor ? body.guardian : null;
      const [me] = await db.select({ email: users.email, fname: users.fname }).from(users).where(eq(users.id, userId));
      if (!me) throw errors.unauthorized();
      if (minor && !guardian) throw errors.guardianRequired();
      if (guardian && guardian.email === me.email.toLowerCase()) throw errors.guardianEmailOwn();
      const { mail, after, result } = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(performerAges).where(eq(performerAges.userId, userId)).for('update');
        const sameGuardian = Boolean(guardian && before?.minor && before.guardianEmail === guardian.email);
        const keep = sameGuardian ? { consentedAt: before!.consentedAt, tokenHash: before!.tokenHash, tokenExpiresAt: before!.tokenExpiresAt } : { consentedAt: null, tokenHash: null, tokenExpiresAt: null };
        const values = { dateOfBirth: body.dateOfBirth, minor, guardianName: guardian?.name ?? null, guardianEmail: guardian?.email ?? null, ...keep, updatedAt: now };
        await tx.insert(performerAges).values({ userId, ...values }).onConflictDoUpdate({ target: performerAges.userId, set: values });
        if (before?.minor && before.guardianEmail && !sameGuardian) {
          await tx.insert(guardianEvents).values({ userId, kind: 'removed', guardianName: before.guardianName, guardianEmail: before.guardianEmail, at: now });
        }
        // The free-text age follows the date (docs/guardians.md).
        await tx.update(users).set({ age: String(years), version: sql`${users.version} + 1` }).where(eq(users.id, userId));
        let mail: MailMessage | null = null;
        let after = nothingAfter;
        if (guardian && !sameGuardian) {
          await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
          await makePrivate(tx, userId);
          after = await withdrawApplications(tx, userId, me.fname, now, endApplications);
          mail = linkMail(me.fname, guardian.email, await newLink(tx, userId, guardian.name, guardian.email, now));
        } else if (guardian && sameGuardian && before!.guardianName !== guardian.name) {
          await tx.insert(guardianEvents).values({ userId, kind: 'renamed', guardianName: guardian.name, guardianEmail: guardian.email, at: now });
        }
        return { mail, after, result: await answer(tx, userId) };
      });
      ctx.changes.announce(CHANNELS.counter, 'performers');
      await sendAfterCommit(ctx, after, log);
      if (mail) await sendOrKeep(ctx, mail, log);
      return result;
    },

    /** "Send the link again": a new link (the old one ends), while consent is awaited. */
    async resend(userId: string, now: Date, log: Log): Promise<AgeAnswer> {
      const [row] = await db
        .select({ age: performerAges, name: users.fname })
        .from(performerAges)
        .innerJoin(users, eq(users.id, performerAges.userId))
        .where(eq(performerAges.userId, userId));
      if (!row?.age.minor || row.age.consentedAt || !row.age.guardianEmail || !row.age.guardianName) throw errors.conflict(GUARDIAN_MSG.notMinor);
      await enforceLimit(ctx, `guardian-link:${userId}`, { limit: 5, windowSec: 3600 });
      const { guardianName, guardianEmail } = row.age;
      const token = await db.transaction((tx) => newLink(tx, userId, guardianName, guardianEmail, now));
      await sendOrKeep(ctx, linkMail(row.name, guardianEmail, token), log);
      return answer(db, userId);
    },

    async byToken(token: string, now: Date): Promise<GuardianAnswer> {
      return guardianAnswerOf(await rowOfToken(token, now));
    },

    async consent(token: string, now: Date): Promise<GuardianAnswer> {
      const row = await rowOfToken(token, now);
      if (row.age.consentedAt) return guardianAnswerOf(row);
      const [done] = await db.transaction(async (tx) => {
        const set = await tx
          .update(performerAges)
          .set({ consentedAt: now, updatedAt: now })
          .where(and(eq(performerAges.userId, row.age.userId), sql`${performerAges.consentedAt} is null`))
          .returning();
        if (set.length > 0) {
          await tx.insert(guardianEvents).values({ userId: row.age.userId, kind: 'consented', guardianName: row.age.guardianName, guardianEmail: row.age.guardianEmail, at: now });
          await tx.update(users).set({ version: sql`${users.version} + 1` }).where(eq(users.id, row.age.userId));
        }
        return set;
      });
      ctx.changes.announce(CHANNELS.counter, 'performers');
      return { performer: { name: row.name }, consentedAt: (done?.consentedAt ?? row.age.consentedAt ?? now).toISOString() };
    },

    /**
     * Withdraws consent: private at once, open applications withdrawn with their studios told,
     * and the performer's conversations closed to new studio messages (held performers cannot be messaged).
     */
    async withdraw(token: string, now: Date, log: Log): Promise<GuardianAnswer> {
      const row = await rowOfToken(token, now);
      const userId = row.age.userId;
      const after = await db.transaction(async (tx) => {
        // The lock an application takes: one that is being made waits, then sees the withdrawal.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        await tx.update(performerAges).set({ consentedAt: null, updatedAt: now }).where(eq(performerAges.userId, userId));
        await tx.insert(guardianEvents).values({ userId, kind: 'withdrawn', guardianName: row.age.guardianName, guardianEmail: row.age.guardianEmail, at: now });
        await makePrivate(tx, userId);
        return withdrawApplications(tx, userId, row.name, now, endApplications);
      });
      ctx.changes.announce(CHANNELS.counter, 'performers');
      await sendAfterCommit(ctx, after, log);
      return { performer: { name: row.name }, consentedAt: null };
    },
  };
}

/** The guardian's details and consent history of an account, for its export (docs/account.md). */
export async function guardianExport(db: Db, userId: string) {
  const [row] = await db.select().from(performerAges).where(eq(performerAges.userId, userId));
  const history = await db
    .select({ kind: guardianEvents.kind, guardianName: guardianEvents.guardianName, guardianEmail: guardianEvents.guardianEmail, at: guardianEvents.at })
    .from(guardianEvents)
    .where(eq(guardianEvents.userId, userId))
    .orderBy(asc(guardianEvents.id));
  return {
    dateOfBirth: row?.dateOfBirth ?? null,
    minor: row?.minor ?? false,
    guardian: row?.guardianName ? { name: row.guardianName, email: row.guardianEmail, consentedAt: row.consentedAt } : null,
    history,
  };
}

/**
 * The daily change (docs/guardians.md, "Turning 18"): the free-text age of everyone with a date
 * of birth follows `today`, and minors who turned 18 are released (link ended, nothing held).
 */
export async function runGuardianSweep(db: Db, now: Date): Promise<{ adults: number; ages: number }> {
  const today = dayOf(now);
  return db.transaction(async (tx) => {
    const adults = await tx
      .update(performerAges)
      .set({ minor: false, tokenHash: null, tokenExpiresAt: null, updatedAt: now })
      .where(and(eq(performerAges.minor, true), sql`${performerAges.dateOfBirth} <= (${today}::date - interval '${sql.raw(String(ADULT_AGE))} years')::date`))
      .returning({ userId: performerAges.userId, name: performerAges.guardianName, email: performerAges.guardianEmail });
    if (adults.length > 0) {
      await tx.insert(guardianEvents).values(adults.map((a) => ({ userId: a.userId, kind: 'adult', guardianName: a.name, guardianEmail: a.email, at: now })));
    }
    const years = sql`(date_part('year', age(${today}::date, ${performerAges.dateOfBirth})))::int::text`;
    const ages = await tx
      .update(users)
      .set({ age: sql`${years}`, version: sql`${users.version} + 1` })
      .from(performerAges)
      .where(and(eq(performerAges.userId, users.id), sql`${users.age} is distinct from ${years}`))
      .returning({ id: users.id });
    return { adults: adults.length, ages: ages.length };
  });
}

/** The sweep as a background job, one instance at a time (src/server/background/jobs.ts). */
export function guardianSweepJob(ctx: AppContext): BackgroundJob {
  return {
    name: 'guardian-sweep',
    everyMs: GUARDIAN_SWEEP_EVERY_MS,
    runsOn: 'one',
    async run() {
      const r = await runGuardianSweep(ctx.db, new Date());
      if (r.adults > 0) ctx.changes.announce(CHANNELS.counter, 'performers');
      return r.adults || r.ages ? { adults: r.adults, ages: r.ages } : undefined;
    },
  };
}
