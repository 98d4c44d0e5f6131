/**
 * A performer's résumé as studios read it (docs/resume.md): credits grouped by category,
 * newest first within each (the server's order), training, skills and languages with their
 * level, accents, union, agent and measurements with units. One component for the
 * portfolio (/talent/{id}) and the applicant card, so both show the same thing.
 */
import { Fragment } from 'react';
import { CREDIT_CATEGORY_LABELS, LEVEL_LABELS, RESUME_MSG, UNION_LABELS, type CreditCategory } from '../../contract/resume-options';
import type { ShownResume } from '../../contract/resume';
import './resume-view.css';

interface Props {
  resume: ShownResume;
  /** The level of its part headings: 3 under the portfolio's h2, 4 under the applicant card's h3. */
  level: 3 | 4;
  /** Prefixes the headings' ids, unique on the page. */
  idPrefix: string;
}

export function ResumeView({ resume: r, level, idPrefix }: Props) {
  const H = level === 3 ? 'h3' : 'h4';
  const Sub = level === 3 ? 'h4' : 'h5';
  const byCategory = new Map<CreditCategory, ShownResume['credits']>();
  for (const c of r.credits) byCategory.set(c.category, [...(byCategory.get(c.category) ?? []), c]);
  const m = r.measurements;
  const measures = (
    [
      [RESUME_MSG.chest, m.chestCm !== undefined ? RESUME_MSG.cm(m.chestCm) : null],
      [RESUME_MSG.waist, m.waistCm !== undefined ? RESUME_MSG.cm(m.waistCm) : null],
      [RESUME_MSG.hips, m.hipsCm !== undefined ? RESUME_MSG.cm(m.hipsCm) : null],
      [RESUME_MSG.shoeSize, m.shoeEu !== undefined ? String(m.shoeEu) : null],
    ] as const
  ).filter(([, v]) => v !== null);
  const rep = r.representation;
  const empty =
    !r.credits.length && !r.training.length && !r.skills.length && !r.languages.length && !r.accents.length && r.union.status === 'none' && !rep && !measures.length;

  return (
    <div className="resume-view">
      {empty && <p className="muted">{RESUME_MSG.emptyResume}</p>}
      {r.credits.length > 0 && (
        <section aria-labelledby={`${idPrefix}-credits`}>
          <H id={`${idPrefix}-credits`}>{RESUME_MSG.credits}</H>
          {[...byCategory].map(([category, credits]) => (
            <Fragment key={category}>
              <Sub className="resume-view-category">{CREDIT_CATEGORY_LABELS[category]}</Sub>
              <ul className="resume-view-list">
                {credits.map((c, i) => (
                  <li key={i}>
                    <span className="resume-view-year">{c.year}</span> {RESUME_MSG.creditLine(c)}
                  </li>
                ))}
              </ul>
            </Fragment>
          ))}
        </section>
      )}
      {r.training.length > 0 && (
        <section aria-labelledby={`${idPrefix}-training`}>
          <H id={`${idPrefix}-training`}>{RESUME_MSG.training}</H>
          <ul className="resume-view-list">
            {r.training.map((t, i) => (
              <li key={i}>
                {t.year !== null && <span className="resume-view-year">{t.year}</span>} {[t.course, t.school].filter(Boolean).join(' · ')}
              </li>
            ))}
          </ul>
        </section>
      )}
      {(r.skills.length > 0 || r.languages.length > 0 || r.accents.length > 0) && (
        <section aria-labelledby={`${idPrefix}-skills`}>
          <H id={`${idPrefix}-skills`}>{RESUME_MSG.skills}</H>
          <dl className="resume-view-facts">
            {r.skills.length > 0 && (
              <div>
                <dt>{RESUME_MSG.skills}</dt>
                <dd>{r.skills.map((s) => RESUME_MSG.skillWords(s.name, s.level)).join(', ')}</dd>
              </div>
            )}
            {r.languages.length > 0 && (
              <div>
                <dt>{RESUME_MSG.languages}</dt>
                <dd>{r.languages.map((l) => `${l.name} (${LEVEL_LABELS[l.level].toLowerCase()})`).join(', ')}</dd>
              </div>
            )}
            {r.accents.length > 0 && (
              <div>
                <dt>{RESUME_MSG.accents}</dt>
                <dd>{r.accents.join(', ')}</dd>
              </div>
            )}
          </dl>
        </section>
      )}
      {(r.union.status !== 'none' || rep || measures.length > 0) && (
        <section aria-labelledby={`${idPrefix}-more`}>
          <H id={`${idPrefix}-more`}>{RESUME_MSG.unionAgentMeasures}</H>
          <dl className="resume-view-facts">
            {r.union.status !== 'none' && (
              <div>
                <dt>{RESUME_MSG.union}</dt>
                <dd>{[UNION_LABELS[r.union.status], r.union.name].filter(Boolean).join(': ')}</dd>
              </div>
            )}
            {rep && (
              <div>
                <dt>{RESUME_MSG.agent}</dt>
                <dd>{[rep.agency, rep.contact, rep.email, rep.phone].filter(Boolean).join(' · ')}</dd>
              </div>
            )}
            {measures.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </div>
  );
}
