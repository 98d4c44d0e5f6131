/** Turns the résumé's rows into the contract's shape; credits grouped by category, newest first within each. */
import { CREDIT_CATEGORIES, heightUnitOf, weightUnitOf, type Resume, type UnionStatus } from '../../../contract/resume.js';
import type { performerResumes, users } from '../../db/schema/index.js';

type ResumeRow = typeof performerResumes.$inferSelect;
export type ResumeUserRow = Pick<typeof users.$inferSelect, 'height' | 'weight' | 'heightCm' | 'weightKg' | 'unionStatus'>;

/** Credits in the order every reader shows them: by category (the contract's order), then newest first. */
export function orderCredits(credits: Resume['credits']): Resume['credits'] {
  const rank = (c: Resume['credits'][number]) => CREDIT_CATEGORIES.indexOf(c.category);
  // Stable: two credits of one category and year keep the order the performer gave them.
  return credits
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || b.c.year - a.c.year || a.i - b.i)
    .map(({ c }) => c);
}

export function presentResume(user: ResumeUserRow, row: ResumeRow | null | undefined): Resume {
  return {
    credits: orderCredits(row?.credits ?? []),
    training: row?.training ?? [],
    skills: row?.skills ?? [],
    languages: row?.languages ?? [],
    accents: row?.accents ?? [],
    union: { status: (user.unionStatus as UnionStatus) ?? 'none', name: row?.unionName ?? '' },
    representation: row?.representation ?? null,
    heightCm: user.heightCm,
    weightKg: user.weightKg,
    measurements: row?.measurements ?? {},
    measurementsPublic: row?.measurementsPublic ?? false,
    units: { height: heightUnitOf(user.height), weight: weightUnitOf(user.weight) },
    height: user.height,
    weight: user.weight,
  };
}
