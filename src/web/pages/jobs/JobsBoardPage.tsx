/** /jobs: the job board. Filters live in the URL (shareable, kept on reload); more jobs load on scroll. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { JOB_GENDERS, JOB_LIMITS, JOB_PROFESSIONS } from '../../../contract/jobs-limits';
import type { BoardJob } from '../../../contract/jobs';
import { LIMITS } from '../../../contract/limits';
import { MARKET_MSG } from '../../../contract/marketplace-messages';
import { MSG } from '../../../contract/messages';
import { TALENT_MSG } from '../../../contract/talent-messages';
import type { BoardFilters } from '../../api/jobs';
import { useJobBoard } from '../../api/job-board';
import { cut, isCut } from '../../lib/text';
import { AllOrOneSelect, TextField } from '../../components/FormField';
import { RecommendedJobs } from './RecommendedJobs';
import './jobs.css';
import { CAST_MSG } from '../../../contract/casting-messages';
import { RolePayList } from './RolePayList';
import { formatDate } from '../../lib/dates';
import { photoSources } from '../../lib/photo-sources';

const KEYS = ['q', 'profession', 'gender', 'location', 'paid'] as const;
/** The board's filters as the address holds them ('' for each one not set). */
const filtersOf = (params: URLSearchParams): BoardFilters => ({
  q: params.get('q') ?? '',
  profession: params.get('profession') ?? '',
  gender: params.get('gender') ?? '',
  location: params.get('location') ?? '',
  paid: params.get('paid') === '1' ? '1' : '',
});
const NO_FILTERS = filtersOf(new URLSearchParams());

export default function JobsBoardPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [draft, setDraft] = useState(filters);
  const board = useJobBoard(filters);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && board.hasNextPage && !board.isFetchingNextPage) void board.fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [board]);

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const next = new URLSearchParams();
    for (const key of KEYS) if (draft[key].trim()) next.set(key, draft[key].trim());
    setParams(next);
  }

  const jobs = board.data?.pages.flatMap((p) => p.jobs) ?? [];
  const filtered = KEYS.some((key) => filters[key]);
  return (
    <main className="page jobs-board">
      <h1>{MARKET_MSG.jobsTitle}</h1>
      {/* The filters first, then the recommendations: a phone sees its search before scrolling (docs/screens.md). */}
      <form className="card job-filters" role="search" aria-label={MARKET_MSG.boardFilters} onSubmit={handleSubmit}>
        {/* Filters only: free text capped by maxLength and fixed choices, so no field can carry a problem. */}
        <TextField id="q" label={MARKET_MSG.boardSearch} type="search" maxLength={JOB_LIMITS.qMax} value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
        <AllOrOneSelect id="profession" label={MARKET_MSG.boardProfession} all={MARKET_MSG.boardAll} options={JOB_PROFESSIONS.filter((p) => p !== 'Any')} value={draft.profession} onChange={(profession) => setDraft({ ...draft, profession })} />
        <AllOrOneSelect id="gender" label={MARKET_MSG.boardGender} all={MARKET_MSG.boardAll} options={JOB_GENDERS.filter((g) => g !== 'Any')} value={draft.gender} onChange={(gender) => setDraft({ ...draft, gender })} />
        <TextField id="location" label={MARKET_MSG.boardLocation} maxLength={JOB_LIMITS.qMax} value={draft.location} onChange={(e) => setDraft({ ...draft, location: e.target.value })} />
        <label className="check-field">
          <input type="checkbox" checked={draft.paid === '1'} onChange={(e) => setDraft({ ...draft, paid: e.target.checked ? '1' : '' })} /> {CAST_MSG.paidOnly}
        </label>
        <button type="submit" className="btn">{MARKET_MSG.boardSearch}</button>
      </form>
      {/* Nothing found is said right under the filters, with the way on, before the recommendations: under them
          it came after cards, which read as the search's results. */}
      {board.isSuccess && jobs.length === 0 && (
        <p className="muted job-empty" data-testid="no-jobs">
          {MARKET_MSG.noJobs}
          {filtered && (
            <>
              {' '}
              {/* The link goes with the empty state: focus moves to the search field, which stays, not to the body. */}
              <Link to="/jobs" onClick={() => { setDraft(NO_FILTERS); document.getElementById('q')?.focus(); }}>{TALENT_MSG.clearFilters}</Link>
            </>
          )}
        </p>
      )}
      <RecommendedJobs limit={3} />
      {board.isSuccess && jobs.length > 0 && (
        <p className="muted job-count" role="status" data-testid="job-count">{MARKET_MSG.jobCount(jobs.length, board.hasNextPage)}</p>
      )}
      {board.isPending && <p role="status">{MSG.loading}</p>}
      {board.isError && <p role="alert">{board.error.message}</p>}
      <ul className="job-cards">
        {jobs.map((job, i) => <JobCard key={job._id} job={job} first={i === 0} />)}
      </ul>
      <div ref={sentinel} />
      {board.hasNextPage && (
        <button type="button" className="btn btn-secondary" disabled={board.isFetchingNextPage} onClick={() => void board.fetchNextPage()}>
          {board.isFetchingNextPage ? MSG.loading : MARKET_MSG.moreJobs}
        </button>
      )}
    </main>
  );
}

function JobCard({ job, first }: { job: BoardJob; first: boolean }) {
  return (
    <li className="card job-card">
      {/* The first card's picture is the page's largest paint: loaded at once, the others when near;
          width/height reserve its 16:9 box before it loads (docs/screens.md, "Public pages in Lighthouse"). */}
      {job.images[0] ? <img className="job-card-image" {...photoSources(job.images[0], '(max-width: 600px) 100vw, 400px')} alt="" width={640} height={360} loading={first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : 'auto'} /> : <div className="job-card-image" />}
      <div className="job-card-body">
        <h2 className="job-card-title"><Link to={`/jobs/${job._id}`}>{job.title}</Link></h2>
        <p className="muted">
          {job.studio.fname}
          {!job.studio.verified && ' · unverified'}
          {job.location ? ` · ${job.location}` : ''}
        </p>
        <p className="job-card-meta">{job.jobType} · {job.profession} · {job.gender}{job.deadline ? ` · apply by ${formatDate(job.deadline)}` : ''}</p>
        <RolePayList roles={job.roles} compact />
        <p>{cut(job.description, LIMITS.studioBannerChars / 2)}{isCut(job.description, LIMITS.studioBannerChars / 2) && '…'}</p>
      </div>
    </li>
  );
}
