/**
 * How a performer fits each role, in words (docs/marketplace.md, "Where you stand"): the
 * role's wishes the profile meets are reasons, those it does not are misses. One function
 * per wish, so a new one (skills, languages from the résumé) is one more line in `checks`.
 */
import { CAST_MSG, type RoleFit } from '../../../contract/jobs.js';
import { TALENT_MSG } from '../../../contract/talent-messages.js';
import { RESUME_MSG, type Resume } from '../../../contract/resume.js';
import { fitFor as resumeFit } from '../resume/index.js';
import type { RoleRow } from './job-roles.js';

/** What the fit reads of the performer's profile. */
export interface FitProfile {
  category: string;
  gender: string;
  ageYears: number | null;
  /** The résumé's skills and languages (docs/resume.md, "Fit reasons"); empty lists before the first save. */
  resume: Pick<Resume, 'skills' | 'languages'>;
}

type Check = (role: RoleRow, me: FitProfile) => { reason?: string; miss?: string } | null;

const profession: Check = (role, me) => {
  if (role.profession === 'Any') return { reason: TALENT_MSG.anyProfession };
  const wanted = TALENT_MSG.lookingFor(role.profession);
  // An empty category: the performer has not saved the profile form yet (docs/talent.md, "Stated, not defaulted").
  if (!me.category) return { miss: CAST_MSG.missing(wanted, CAST_MSG.noProfession) };
  return role.profession === me.category ? { reason: wanted } : { miss: CAST_MSG.missing(wanted, CAST_MSG.youAre(me.category)) };
};

const gender: Check = (role, me) => {
  if (role.gender === 'Any') return null;
  const wanted = TALENT_MSG.forGender(role.gender);
  return role.gender === me.gender ? { reason: wanted } : { miss: CAST_MSG.missing(wanted, CAST_MSG.profileSays(me.gender)) };
};

const ages: Check = (role, me) => {
  if (!role.ageMin && !role.ageMax) return null;
  const wanted = TALENT_MSG.ages(role.ageMin, role.ageMax);
  if (me.ageYears === null) return { miss: CAST_MSG.missing(wanted, CAST_MSG.noAge) };
  const inside = (!role.ageMin || me.ageYears >= role.ageMin) && (!role.ageMax || me.ageYears <= role.ageMax);
  return inside ? { reason: wanted } : { miss: CAST_MSG.missing(wanted, CAST_MSG.youAreAged(me.ageYears)) };
};

/** The skills and languages a role names, met from the résumé ("Fluent Hindi", "Swimming: expert"), case and accents ignored. */
const resumeWishes = (role: RoleRow, me: FitProfile) => {
  if (!role.skills.length && !role.languages.length) return null;
  return resumeFit(me.resume, { skills: role.skills, languages: role.languages });
};

const checks: Check[] = [profession, gender, ages];

export function fitFor(role: RoleRow, me: FitProfile): RoleFit {
  const reasons: string[] = [];
  const misses: string[] = [];
  for (const check of checks) {
    const found = check(role, me);
    if (found?.reason) reasons.push(found.reason);
    if (found?.miss) misses.push(found.miss);
  }
  const wishes = resumeWishes(role, me);
  if (wishes) {
    reasons.push(...wishes.matches);
    misses.push(...wishes.missing.map((name) => RESUME_MSG.notOnResume(name)));
  }
  return { roleId: role.id, matches: misses.length === 0, reasons, misses };
}
