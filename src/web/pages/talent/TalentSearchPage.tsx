/**
 * /dashboard/talent: the studio's talent search (docs/talent.md). Filters live in the URL;
 * the page says how results are ordered; each result opens the portfolio, and can be
 * shortlisted or messaged.
 */
import { useState, type FormEvent } from 'react';
import { NO_RULES, useFieldProblems } from '../../components/useFieldProblems';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '../../../contract/messages';
import { AVAILABILITY_MSG } from '../../../contract/availability-texts';
import { GENDERS, PROFESSIONS } from '../../../contract/profile-options';
import { MEDIA_KINDS, TALENT_LIMITS } from '../../../contract/talent-limits';
import { TALENT_MSG } from '../../../contract/talent-messages';
import { MARKET_MSG } from '../../../contract/marketplace-messages';
import { RESUME_LIMITS, UNION_LABELS } from '../../../contract/resume-options';
import { TALENT_FILTERS, useTalentSearch, type TalentFilters } from '../../api/talent-search';
import { FormField } from '../../components/FormField';
import { AddToShortlist } from './AddToShortlist';
import { TalentCardView } from './TalentCardView';
import { TalentPageHead } from './TalentPageHead';
import '../dashboard/dashboard.css';
import './talent.css';
import { MessageButton } from '../../components/MessageButton';
import { personName } from '../../../contract/names';

type Errors = Partial<Record<keyof TalentFilters, string>>;
const NUMBERS = { ageMin: ['Age from', TALENT_LIMITS.ageMax], ageMax: ['Age to', TALENT_LIMITS.ageMax], heightMin: ['Height from', TALENT_LIMITS.heightMax], heightMax: ['Height to', TALENT_LIMITS.heightMax] } as const;
const HAS_LABEL: Record<(typeof MEDIA_KINDS)[number], string> = { photos: 'Photos', videos: 'Videos', audios: 'Audio' };

/** The same rules the server checks, so every wrong field shows at once, at the field. */
function check(f: TalentFilters): Errors {
  const errors: Errors = {};
  for (const [key, [label, max]] of Object.entries(NUMBERS) as [keyof typeof NUMBERS, readonly [string, number]][]) {
    const v = f[key].trim();
    if (v && (!/^\d+$/.test(v) || Number(v) > max)) errors[key] = MARKET_MSG.mustBeWhole(label, 0, max);
  }
  if (!errors.ageMin && !errors.ageMax && f.ageMin && f.ageMax && Number(f.ageMin) > Number(f.ageMax)) errors.ageMin = TALENT_MSG.ageOrder;
  if (!errors.heightMin && !errors.heightMax && f.heightMin && f.heightMax && Number(f.heightMin) > Number(f.heightMax)) errors.heightMin = TALENT_MSG.heightOrder;
  // Native date inputs give YYYY-MM-DD; a link may carry anything.
  (['availableFrom', 'availableTo'] as const).forEach((key) => {
    if (f[key] && !/^\d{4}-\d{2}-\d{2}$/.test(f[key])) errors[key] = AVAILABILITY_MSG.day(key === 'availableFrom' ? AVAILABILITY_MSG.availableFrom : AVAILABILITY_MSG.availableTo);
  });
  if (!errors.availableFrom && !errors.availableTo && f.availableFrom && f.availableTo && f.availableTo < f.availableFrom) errors.availableTo = AVAILABILITY_MSG.availableOrder;
  return errors;
}

// Each filter's element id is its name, in the form's order (focus goes to the first wrong one).
const IDS = Object.fromEntries(TALENT_FILTERS.map((k) => [k, k])) as Record<keyof TalentFilters, string>;

export default function TalentSearchPage() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(TALENT_FILTERS.map((k) => [k, params.get(k) ?? ''])) as TalentFilters;
  const [draft, setDraft] = useState(filters);
  // A shared or bookmarked link is checked like a submitted form: its errors show at the field.
  const linkErrors = check(filters);
  // The filters' checks are this page's own (ranges and their order, `check` above).
  const fields = useFieldProblems(NO_RULES, IDS, undefined, linkErrors);
  const errors: Errors = fields.problems;
  const search = useTalentSearch(filters, Object.keys(linkErrors).length === 0);
  const talent = search.data?.pages.flatMap((p) => p.talent) ?? [];

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    // Every problem at once, focus on the first.
    if (!fields.show(check(draft))) return;
    const next = new URLSearchParams();
    for (const key of TALENT_FILTERS) if (draft[key].trim()) next.set(key, draft[key].trim());
    setParams(next);
  }

  const set = (key: keyof TalentFilters) => (e: { target: { value: string } }) => {
    setDraft({ ...draft, [key]: e.target.value });
    fields.clear(key);
  };
  const numberField = (key: keyof typeof NUMBERS, unit: string) => (
    <FormField id={key} label={`${NUMBERS[key][0]} (${unit})`} error={errors[key]}>
      {(a11y) => <input {...a11y} className="input" inputMode="numeric" value={draft[key]} onChange={set(key)} />}
    </FormField>
  );

  return (
    <main className="page talent-search">
      <TalentPageHead title={TALENT_MSG.searchTitle}>
        <Link to="/dashboard/shortlists" className="btn btn-secondary">{TALENT_MSG.shortlistsTitle}</Link>
      </TalentPageHead>
      <form className="card talent-filters" role="search" aria-label="Filter performers" onSubmit={handleSubmit} noValidate>
        <FormField id="q" label="Search">
          {(a11y) => <input {...a11y} className="input" type="search" maxLength={TALENT_LIMITS.qMax} value={draft.q} onChange={set('q')} />}
        </FormField>
        <FormField id="profession" label="Profession">
          {(a11y) => (
            <select {...a11y} className="select" value={draft.profession} onChange={set('profession')}>
              <option value="">All</option>
              {PROFESSIONS.map((p) => <option key={p}>{p}</option>)}
            </select>
          )}
        </FormField>
        <FormField id="gender" label="Gender">
          {(a11y) => (
            <select {...a11y} className="select" value={draft.gender} onChange={set('gender')}>
              <option value="">All</option>
              {GENDERS.map((g) => <option key={g}>{g}</option>)}
            </select>
          )}
        </FormField>
        <FormField id="location" label="Location">
          {(a11y) => <input {...a11y} className="input" maxLength={TALENT_LIMITS.qMax} value={draft.location} onChange={set('location')} />}
        </FormField>
        {/* The résumé's filters (docs/resume.md): case and accents do not matter. */}
        <FormField id="skill" label="Skill">
          {(a11y) => <input {...a11y} className="input" maxLength={RESUME_LIMITS.nameMax} value={draft.skill} onChange={set('skill')} />}
        </FormField>
        <FormField id="language" label="Language">
          {(a11y) => <input {...a11y} className="input" maxLength={RESUME_LIMITS.nameMax} value={draft.language} onChange={set('language')} />}
        </FormField>
        <FormField id="union" label="Union">
          {(a11y) => (
            <select {...a11y} className="select" value={draft.union} onChange={set('union')}>
              <option value="">Any</option>
              <option value="member">{UNION_LABELS.member}</option>
              <option value="eligible">{UNION_LABELS.eligible}</option>
            </select>
          )}
        </FormField>
        {numberField('ageMin', 'years')}
        {numberField('ageMax', 'years')}
        {numberField('heightMin', 'cm')}
        {numberField('heightMax', 'cm')}
        {/* Leaves out performers unavailable on any day between (docs/talent.md, "Availability"). */}
        <FormField id="availableFrom" label={AVAILABILITY_MSG.availableFrom} error={errors.availableFrom}>
          {(a11y) => <input {...a11y} className="input" type="date" value={draft.availableFrom} onChange={set('availableFrom')} />}
        </FormField>
        <FormField id="availableTo" label={AVAILABILITY_MSG.availableTo} error={errors.availableTo}>
          {(a11y) => <input {...a11y} className="input" type="date" min={draft.availableFrom || undefined} value={draft.availableTo} onChange={set('availableTo')} />}
        </FormField>
        <FormField id="has" label="Has">
          {(a11y) => (
            <select {...a11y} className="select" value={draft.has} onChange={set('has')}>
              <option value="">Anything</option>
              {MEDIA_KINDS.map((k) => <option key={k} value={k}>{HAS_LABEL[k]}</option>)}
            </select>
          )}
        </FormField>
        <div className="talent-filter-buttons">
          <button type="submit" className="btn">{TALENT_MSG.search}</button>
          <Link className="btn btn-ghost" to="/dashboard/talent" onClick={() => { setDraft(Object.fromEntries(TALENT_FILTERS.map((k) => [k, ''])) as TalentFilters); fields.reset(); }}>
            {TALENT_MSG.clearFilters}
          </Link>
        </div>
      </form>
      <p className="muted talent-order">{TALENT_MSG.searchOrder}</p>
      {search.isPending && search.fetchStatus !== 'idle' && <p role="status">{MSG.loading}</p>}
      {search.isError && <p role="alert">{search.error.message}</p>}
      {search.isSuccess && talent.length === 0 && <p className="muted">{TALENT_MSG.noTalent}</p>}
      <ul className="talent-cards">
        {talent.map((p) => (
          <TalentCardView key={p._id} p={p}>
            <AddToShortlist performerId={p._id} name={personName(p.fname)} />
            <MessageButton with={p._id} className="btn btn-ghost" />
          </TalentCardView>
        ))}
      </ul>
      {search.hasNextPage && (
        <button type="button" className="btn btn-secondary" disabled={search.isFetchingNextPage} onClick={() => void search.fetchNextPage()}>
          {search.isFetchingNextPage ? MSG.loading : TALENT_MSG.moreResults}
        </button>
      )}
    </main>
  );
}
