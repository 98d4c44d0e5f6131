/**
 * /jobs/{id}: the whole job, its studio and deadline, and Apply (a performer applies here,
 * docs/applications.md; a logged-out visitor goes to /login and comes back). Carries schema.org
 * JobPosting data so search engines can list it.
 */
import { AVAILABILITY_MSG, daySpan } from '../../../contract/availability-texts';
import { PAGE_TITLES } from '../../../contract/screen-messages';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Link, useNavigate, useParams } from 'react-router';
import type { BoardJob } from '../../../contract/jobs';
import { MARKET_MSG } from '../../../contract/marketplace-messages';
import { MSG } from '../../../contract/messages';
import { ApiError } from '../../api/client';
import { session } from '../../api/session';
import { MessageButton } from '../../components/MessageButton';
import { CAST_MSG } from '../../../contract/casting-messages';
import { ApplyPanel } from './ApplyPanel';
import { RolePayList } from './RolePayList';
import './jobs.css';
import { formatDate, formatDay } from '../../lib/dates';
import { useJobPage } from '../../api/job-page';
import { photoSources } from '../../lib/photo-sources';

export default function JobPage() {
  const { id = '' } = useParams();
  // A performer's read adds where they stand (plan, applications left, fit), so it is kept apart.
  const asPerformer = session.isLoggedIn() && !session.isStudio();
  const job = useJobPage(id, asPerformer);
  const navigate = useNavigate();

  useDocumentTitle(job.data && `${job.data.title} · ${PAGE_TITLES.jobs}`);

  if (job.isPending) return <main className="page"><p role="status">{MSG.loading}</p></main>;
  if (job.isError) {
    const missing = job.error instanceof ApiError && job.error.status === 404;
    return (
      <main className="page">
        <h1>{missing ? 'Job not found' : 'This job could not be loaded'}</h1>
        <p>{missing ? MARKET_MSG.jobNotFound : job.error.message}</p>
        <Link to="/jobs">{MARKET_MSG.jobsTitle}</Link>
      </main>
    );
  }
  const j = job.data;

  // A performer applies right here; a visitor logs in first and comes back; a studio cannot apply.
  const performer = session.isLoggedIn() && !session.isStudio();
  const visitor = !session.isLoggedIn();

  return (
    <main className="page">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jobPostingJson(j) }} />
      <div className="job-page">
        <article>
          <p><Link to="/jobs">← {MARKET_MSG.jobsTitle}</Link></p>
          <h1>{j.title}</h1>
          {j.status === 'closed' && <p className="job-notice">{MARKET_MSG.jobClosed}</p>}
          {!j.studio.verified && <p className="job-notice">{MARKET_MSG.unverified}</p>}
          <dl className="job-facts">
            <dt>Job type</dt><dd>{j.jobType}</dd>
            {/* With several roles each states its own breakdown below; the job's would only blur it. */}
            {j.roles.length <= 1 && (
              <>
                <dt>Profession</dt><dd>{j.profession}</dd>
                <dt>Gender</dt><dd>{j.gender}</dd>
                <dt>Ages</dt><dd>{ages(j)}</dd>
              </>
            )}
            {j.location && <><dt>Location</dt><dd>{j.location}</dd></>}
            {j.pay && <><dt>Pay</dt><dd>{j.pay}</dd></>}
            <dt>Deadline</dt><dd>{j.deadline ? formatDate(j.deadline) : 'None'}</dd>
            {j.shootDates.length > 0 && <><dt>{AVAILABILITY_MSG.shootDates}</dt><dd>{j.shootDates.map(daySpan).join(', ')}</dd></>}
            <dt>Posted</dt><dd><time dateTime={j.createdAt}>{formatDay(j.createdAt)}</time></dd>
          </dl>
          <p className="job-description">{j.description}</p>
          <section aria-labelledby="roles-title">
            <h2 id="roles-title">{CAST_MSG.roles}</h2>
            <RolePayList roles={j.roles} fit={j.fit} />
          </section>
          {j.images.length > 0 && (
            <div className="job-gallery">
              {/* Space kept (4:3, as jobs.css shows them); the first is the page's largest paint on a phone: loaded at once, the others when near (docs/performance.md, "Images"). */}
              {j.images.map((src, i) => (
                <img
                  key={src}
                  {...photoSources(src, '(max-width: 600px) 100vw, 300px')}
                  alt={`${j.title}, image ${i + 1}`}
                  width={640}
                  height={480}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                />
              ))}
            </div>
          )}
        </article>
        <aside className="card job-side" aria-label="Studio">
          <div className="job-studio">
            {j.studio.profilePic && <img src={j.studio.profilePic} alt="" />}
            <div>
              <Link to={`/studio-detail/${j.studio._id}`}><strong>{j.studio.fname}</strong></Link>
              <p className="muted">{j.studio.verified ? MARKET_MSG.verifiedBadge : 'Unverified'}{j.studio.location ? ` · ${j.studio.location}` : ''}</p>
            </div>
          </div>
          {j.status === 'open' && visitor && (
            <button type="button" className="btn btn-block" onClick={() => navigate(`/login?next=${encodeURIComponent(`/jobs/${j._id}`)}`)}>{MARKET_MSG.apply}</button>
          )}
          {j.status === 'open' && performer && <ApplyPanel job={j} />}
          {!session.isStudio() && <MessageButton with={j.studio._id} jobId={j._id} className="btn btn-secondary btn-block" />}
        </aside>
      </div>
    </main>
  );
}

const ages = (j: BoardJob) =>
  j.ageMin && j.ageMax ? `${j.ageMin}–${j.ageMax}` : j.ageMin ? `${j.ageMin} and over` : j.ageMax ? `up to ${j.ageMax}` : 'Any age';

/** schema.org JobPosting; `<` escaped so no text of the job can end the script element. */
function jobPostingJson(j: BoardJob): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: j.title,
    description: j.description || j.jobType,
    datePosted: j.createdAt,
    ...(j.deadline ? { validThrough: `${j.deadline}T23:59:59Z` } : {}),
    employmentType: 'CONTRACTOR',
    hiringOrganization: { '@type': 'Organization', name: j.studio.fname, ...(j.studio.profilePic ? { logo: new URL(j.studio.profilePic, window.location.origin).href } : {}) },
    ...(j.location ? { jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: j.location } } } : {}),
    ...(j.images[0] ? { image: new URL(j.images[0], window.location.origin).href } : {}),
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
