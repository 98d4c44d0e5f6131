/**
 * Recommended roles for a performer (GET /api/audition/recommendedJobs, docs/talent.md): open
 * roles of open jobs, not yet applied to, whose profession, gender and age bounds let the
 * performer in, best fit first, each with its job, its id and the role's reasons in words.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { todayUtc } from '../../../contract/jobs.js';
import { TALENT_LIMITS, TALENT_MSG, type RecommendationsAnswer } from '../../../contract/talent.js';
import type { AppContext } from '../../context.js';
import { applications, jobRoles, jobs, studios, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { presentBoardJob, rolesOf, type JobRow } from '../jobs/index.js';
import { isHeld } from '../guardians/index.js';

type Performer = Pick<typeof users.$inferSelect, 'category' | 'gender' | 'location' | 'ageYears'>;

/** One location holds the other ("Mumbai" and "Andheri, Mumbai"), any letter case. */
const placesMeet = (a: string, b: string) => {
  const x = a.trim().toLowerCase();
  const y = b.trim().toLowerCase();
  return x !== '' && y !== '' && (x.includes(y) || y.includes(x));
};

type Wishes = Pick<JobRow, 'profession' | 'gender' | 'location' | 'ageMin' | 'ageMax'>;

/** A role's reasons: its own profession, gender and ages, and its job's location. */
export function reasonsFor(job: Wishes, performer: Performer): string[] {
  const reasons = [job.profession === 'Any' ? TALENT_MSG.anyProfession : TALENT_MSG.lookingFor(job.profession)];
  if (job.gender !== 'Any') reasons.push(TALENT_MSG.forGender(job.gender));
  if (placesMeet(job.location, performer.location)) reasons.push(TALENT_MSG.inLocation(job.location.trim()));
  if (job.ageMin || job.ageMax) reasons.push(TALENT_MSG.ages(job.ageMin, job.ageMax));
  return reasons;
}

export function createRecommendations(ctx: AppContext) {
  const { db } = ctx;
  return {
    async forPerformer(performerId: string): Promise<RecommendationsAnswer> {
      const [me] = await db
        .select({ category: users.category, gender: users.gender, location: users.location, ageYears: users.ageYears, statedAt: users.profileStatedAt })
        .from(users)
        .where(eq(users.id, performerId));
      if (!me) throw errors.unauthorized();
      // A minor waiting for a guardian's consent cannot apply: no roles are recommended (docs/guardians.md).
      if (await isHeld(db, performerId)) return { jobs: [] };
      // Defaults the performer never saved are not choices: only roles open to any profession and gender (docs/talent.md).
      if (!me.statedAt) Object.assign(me, { category: '', gender: '' });
      const age = me.ageYears;
      // Without an age we cannot tell whether bounds let the performer in: only unbounded roles.
      const ageFits =
        age === null
          ? sql`${jobRoles.ageMin} = 0 and ${jobRoles.ageMax} = 0`
          : sql`(${jobRoles.ageMin} = 0 or ${jobRoles.ageMin} <= ${age}) and (${jobRoles.ageMax} = 0 or ${jobRoles.ageMax} >= ${age})`;
      const place = me.location.trim().toLowerCase();
      const locationMeets = place
        ? sql`(${jobs.location} <> '' and (strpos(lower(${jobs.location}), ${place}) > 0 or strpos(${place}, lower(btrim(${jobs.location}))) > 0))`
        : sql`false`;
      const fit = sql<number>`((${jobRoles.profession} = ${me.category})::int * 3 + (${locationMeets})::int * 2 + (${jobRoles.gender} = ${me.gender})::int + (${jobRoles.ageMin} > 0 or ${jobRoles.ageMax} > 0)::int)`;
      const rows = await db
        .select({ job: jobs, roleId: jobRoles.id })
        .from(jobRoles)
        .innerJoin(jobs, eq(jobs.id, jobRoles.jobId))
        .where(
          and(
            sql`${jobs.status} = 'open'`,
            sql`not ${jobs.hidden}`,
            sql`${jobRoles.status} = 'open'`,
            inArray(jobRoles.profession, [me.category, 'Any']),
            inArray(jobRoles.gender, [me.gender, 'Any']),
            ageFits,
            sql`(${jobs.deadline} is null or ${jobs.deadline} >= ${todayUtc()})`,
            sql`not exists (select 1 from ${applications} a where a.role_id = ${jobRoles.id} and a.performer_id = ${performerId})`,
          ),
        )
        .orderBy(desc(fit), desc(jobs.createdAt), desc(jobs.id), asc(jobRoles.position))
        .limit(TALENT_LIMITS.recommendations);
      const ids = [...new Set(rows.map((r) => r.job.studioId))];
      const owners = ids.length
        ? await db
            .select({ _id: studios.id, fname: studios.fname, location: studios.location, profilePic: studios.profilePic, verified: studios.verified })
            .from(studios)
            .where(inArray(studios.id, ids))
        : [];
      const byId = new Map(owners.map((o) => [o._id, o]));
      const roles = await rolesOf(db, rows.map((r) => r.job.id));
      return {
        jobs: rows
          .filter((r) => byId.has(r.job.studioId))
          .map((r) => {
            const all = roles.get(r.job.id) ?? [];
            const role = all.find((x) => x.id === r.roleId)!;
            return { ...presentBoardJob(r.job, all, byId.get(r.job.studioId)!), roleId: r.roleId, reasons: reasonsFor({ ...role, location: r.job.location }, me) };
          }),
      };
    },
  };
}

