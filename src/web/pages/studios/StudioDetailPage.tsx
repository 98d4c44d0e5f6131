/**
 * /studio-detail/{id} (docs/product.md §2, §9): banner, name and the first 338 characters of the
 * description; About Us with the first 900; three service blurbs; Posted Jobs with at
 * most 3 jobs (first image, job type, first 33 characters); Apply and the job cards go
 * to /download-section; a copyright footer. Loads by id, so a reload or a shared link
 * works (docs/product.md §11); a studio passed along by the list shows at once meanwhile.
 */
import { useEffect } from 'react';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Link, useLocation, useParams } from 'react-router';
import { LIMITS } from '../../../contract/limits';
import { MSG } from '../../../contract/messages';
import type { Job, Studio } from '../../../contract/studios';
import { ApiError } from '../../api/client';
import { useStudio } from '../../api/studio';
import { useStudioJobs } from '../../api/studio-jobs';
import { cut, isCut } from '../../lib/text';
import { MARKET_MSG } from '../../../contract/marketplace-messages';
import { MessageButton } from '../../components/MessageButton';
import { session } from '../../api/session';
import './studios.css';
import { photoSources } from '../../lib/photo-sources';

const SERVICES = [
  {
    title: 'Open auditions',
    text: 'Regular auditions for new and experienced performers, announced here first.',
    icon: 'M12 3a3 3 0 0 1 3 3v5a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zM6 11a6 6 0 0 0 12 0M12 17v4M8 21h8',
  },
  {
    title: 'Casting for every screen',
    text: 'Films, web series, commercials, music videos and the stage, cast with care.',
    icon: 'M3 7h18v12H3zM3 7l3-4h3L6 7M10 7l3-4h3l-3 4M17 7l3-4',
  },
  {
    title: 'Fair and clear',
    text: 'Roles, dates and fees explained before you commit, and an answer after every audition.',
    icon: 'M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7z M8.5 12l2.5 2.5 4.5-5',
  },
];

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A text cut to `n` characters; the cut part is its own element, an ellipsis follows when cut. */
function Cut({ text, n, testId }: { text: string; n: number; testId: string }) {
  return (
    <>
      <span data-testid={testId}>{cut(text, n)}</span>
      {isCut(text, n) && <span aria-hidden="true">…</span>}
    </>
  );
}

function JobCard({ job }: { job: Job }) {
  const image = job.images[0];
  return (
    <li>
      <Link className="card studio-job" to="/download-section" data-testid="job-card">
        <span className="studio-job-media">
          {image ? <img {...photoSources(image, '(max-width: 600px) 100vw, 320px')} alt="" loading="lazy" width={320} height={240} /> : <span className="studio-job-placeholder" aria-hidden="true" />}
        </span>
        <span className="studio-job-body">
          <span className="studio-job-type">{job.jobType}</span>
          <span className="studio-job-text">
            <Cut text={job.description} n={LIMITS.jobCardChars} testId="job-description" />
          </span>
        </span>
      </Link>
    </li>
  );
}

export default function StudioDetailPage() {
  const { id = '' } = useParams();
  const passed = (useLocation().state as { studio?: Studio } | null)?.studio;
  const studioQuery = useStudio(id);
  const jobs = useStudioJobs(id);
  const missing = studioQuery.error instanceof ApiError && studioQuery.error.status === 404;
  // A studio passed along by the list shows at once, and stays if the read fails for another reason.
  const studio = studioQuery.data ?? (passed?._id === id && !missing ? passed : undefined);

  useEffect(() => {
    if (studioQuery.error && !missing) console.error('studio fetch failed', studioQuery.error);
    if (jobs.error) console.error('studio jobs fetch failed', jobs.error);
  }, [studioQuery.error, missing, jobs.error]);

  useDocumentTitle(studio?.fname);

  if (!studio && studioQuery.isPending) {
    return <main className="page"><p className="studios-state" role="status">{MSG.loading}</p></main>;
  }
  if (!studio) {
    return (
      <main className="page studio-missing">
        <h1>{missing ? 'Studio not found' : 'This studio could not be loaded'}</h1>
        <p className="muted">{missing ? MSG.studioNotFound : 'Please check your connection and try again.'}</p>
        <Link className="btn" to="/studio">See all studios</Link>
      </main>
    );
  }

  const s = studio;
  const shownJobs = jobs.data?.slice(0, LIMITS.studioJobsShown) ?? [];

  return (
    <>
    <main className="studio-detail">
      <section className="studio-banner" aria-labelledby="studio-name" style={s.banner ? { backgroundImage: `url("${encodeURI(s.banner)}")` } : undefined}>
        <div className="studio-banner-inner">
          {s.profilePic && <img className="studio-banner-logo" src={s.profilePic} alt="" width={96} height={96} />}
          <div className="studio-banner-text">
            <h1 id="studio-name">{s.fname}</h1>
            {s.location && <p className="studio-banner-location">{s.location}</p>}
            <p className="studio-unverified" data-testid="studio-verification">{s.verified ? MARKET_MSG.verifiedBadge : MARKET_MSG.unverified}</p>
            <p className="studio-banner-intro">
              <Cut text={s.projectDesc} n={LIMITS.studioBannerChars} testId="studio-intro" />
            </p>
            <div className="studio-banner-actions">
              <Link className="btn btn-accent" to="/download-section">Apply</Link>
              {!session.isStudio() && <MessageButton with={s._id} />}
            </div>
          </div>
        </div>
      </section>

      <div className="studio-body">
        <section className="studio-about" aria-labelledby="about-us">
          <h2 id="about-us">About Us</h2>
          <p><Cut text={s.projectDesc} n={LIMITS.studioAboutChars} testId="studio-about" /></p>
        </section>

        <section aria-labelledby="services">
          <h2 id="services" className="visually-hidden">What we offer</h2>
          <ul className="studio-services">
            {SERVICES.map((service) => (
              <li key={service.title} className="card studio-service">
                <span className="studio-service-icon"><Icon d={service.icon} /></span>
                <h3>{service.title}</h3>
                <p>{service.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="posted-jobs">
          <h2 id="posted-jobs">Posted Jobs</h2>
          {jobs.isPending ? (
            <p className="muted" role="status">{MSG.loading}</p>
          ) : shownJobs.length === 0 ? (
            <p className="muted">{jobs.isError && !(jobs.error instanceof ApiError && jobs.error.status === 404) ? 'The jobs could not be loaded right now.' : 'No jobs posted yet. Check back soon.'}</p>
          ) : (
            <ul className="studio-jobs">
              {shownJobs.map((job) => <JobCard key={job._id} job={job} />)}
            </ul>
          )}
        </section>
      </div>
    </main>
    <footer className="studio-footer">
      <p>© {new Date().getFullYear()} {s.fname} · Audition. All rights reserved.</p>
    </footer>
    </>
  );
}
