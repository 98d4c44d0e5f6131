/**
 * The résumé in the words of a fit reason (docs/marketplace.md, "Where you stand"): "Fluent Hindi", "Swimming: expert".
 * For the roles' fit (issue 30): a role names the skills and languages it wants; these say
 * which of them the performer has, in the performer's own spelling, matched folded.
 */
import { foldName, RESUME_MSG, type Resume } from '../../../contract/resume.js';

/** Every skill and language of the résumé as a reason, languages first. */
export function fitWords(resume: Pick<Resume, 'skills' | 'languages'>): string[] {
  return [...resume.languages.map((l) => RESUME_MSG.languageWords(l.level, l.name)), ...resume.skills.map((s) => RESUME_MSG.skillWords(s.name, s.level))];
}

/**
 * The wanted names a résumé has (`matches`, as reasons) and those it lacks (`missing`, as
 * the role wrote them); letter case and accents ignored.
 */
export function fitFor(
  resume: Pick<Resume, 'skills' | 'languages'>,
  wanted: { skills?: readonly string[]; languages?: readonly string[] },
): { matches: string[]; missing: string[] } {
  const skills = new Map(resume.skills.map((s) => [foldName(s.name), s]));
  const languages = new Map(resume.languages.map((l) => [foldName(l.name), l]));
  const matches: string[] = [];
  const missing: string[] = [];
  for (const name of wanted.languages ?? []) {
    const l = languages.get(foldName(name));
    if (l) matches.push(RESUME_MSG.languageWords(l.level, l.name));
    else missing.push(name);
  }
  for (const name of wanted.skills ?? []) {
    const s = skills.get(foldName(name));
    if (s) matches.push(RESUME_MSG.skillWords(s.name, s.level));
    else missing.push(name);
  }
  return { matches, missing };
}
