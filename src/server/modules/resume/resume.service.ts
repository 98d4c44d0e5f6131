/**
 * Reads and saves a performer's résumé (docs/resume.md). A save replaces the whole résumé
 * in one transaction, with the free-text height and weight kept in step with heightCm and
 * weightKg, and the folded names the talent search filters on written beside them.
 */
import { eq, sql } from 'drizzle-orm';
import {
  foldName,
  heightText,
  heightUnitOf,
  weightText,
  weightUnitOf,
  type HeightUnit,
  type Resume,
  type ResumeInput,
  type WeightUnit,
} from '../../../contract/resume.js';
import type { AppContext } from '../../context.js';
import { CHANNELS } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import { performerResumes, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { presentResume, type ResumeUserRow } from './resume.presenter.js';

const userColumns = {
  height: users.height,
  weight: users.weight,
  heightCm: users.heightCm,
  weightKg: users.weightKg,
  unionStatus: users.unionStatus,
};

/** A performer's résumé as the contract shows it; an empty one for a performer who never saved one. */
export async function readResume(db: Db, userId: string): Promise<Resume | null> {
  const [row] = await db
    .select({ user: userColumns, resume: performerResumes })
    .from(users)
    .leftJoin(performerResumes, eq(performerResumes.userId, users.id))
    .where(eq(users.id, userId));
  return row ? presentResume(row.user, row.resume) : null;
}

/**
 * The free text that goes with a number: rewritten when the number or its unit changes,
 * emptied when the number is cleared, and kept as typed otherwise (a height written
 * "5 ft 8 in" stays so when the same height comes back). A text that never parsed stays
 * when no number is sent: it was never a number to clear.
 */
function textInStep<U extends string>(
  current: { text: string; value: number | null },
  value: number | null,
  unit: U | undefined,
  unitOf: (text: string) => U,
  format: (value: number, unit: U) => string,
): string {
  if (value === null) return current.value === null ? current.text : '';
  const chosen = unit ?? unitOf(current.text);
  if (value === current.value && chosen === unitOf(current.text)) return current.text;
  return format(value, chosen);
}

export function createResumeService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async get(userId: string): Promise<Resume> {
      const resume = await readResume(db, userId);
      if (!resume) throw errors.unauthorized();
      return resume;
    },

    /** Replaces the whole résumé, or nothing: one transaction, after the body passed every check. */
    async save(userId: string, input: ResumeInput): Promise<Resume> {
      await db.transaction(async (tx) => {
        const [current] = (await tx
          .select(userColumns)
          .from(users)
          .where(eq(users.id, userId))
          .for('update')) as ResumeUserRow[];
        if (!current) throw errors.unauthorized();
        const height = textInStep<HeightUnit>(
          { text: current.height, value: current.heightCm },
          input.heightCm,
          input.units?.height,
          heightUnitOf,
          heightText,
        );
        const weight = textInStep<WeightUnit>(
          { text: current.weight, value: current.weightKg },
          input.weightKg,
          input.units?.weight,
          weightUnitOf,
          weightText,
        );
        const union = input.union.status === 'none' ? { status: 'none' as const, name: '' } : input.union;
        const values = {
          credits: input.credits,
          training: input.training,
          skills: input.skills,
          languages: input.languages,
          accents: input.accents,
          unionName: union.name,
          representation: input.representation,
          measurements: input.measurements,
          measurementsPublic: input.measurementsPublic,
          updatedAt: new Date(),
        };
        await tx
          .insert(performerResumes)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: performerResumes.userId, set: values });
        // The triggers read height_cm and weight_kg back from the texts (migrations 0015,
        // 0028). A résumé is news to a studio: the profile counts as changed, which also
        // moves the talent search's cached answers on (migration 0019).
        await tx
          .update(users)
          .set({
            height,
            weight,
            skillKeys: [...new Set(input.skills.map((s) => foldName(s.name)))],
            languageKeys: [...new Set(input.languages.map((l) => foldName(l.name)))],
            unionStatus: union.status,
            profileChangedAt: sql`now()`,
            version: sql`${users.version} + 1`,
          })
          .where(eq(users.id, userId));
      });
      ctx.changes.announce(CHANNELS.counter, 'performers');
      return this.get(userId);
    },
  };
}
