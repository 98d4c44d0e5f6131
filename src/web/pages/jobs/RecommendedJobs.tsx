/** "Recommended for you": open jobs that fit the logged-in performer, each with its reasons (docs/talent.md). */
import { Link } from 'react-router';
import { CAST_MSG } from '../../../contract/casting-messages';
import type { RecommendedJob } from '../../../contract/talent';
import { TALENT_MSG } from '../../../contract/talent-messages';
import { useRecommendedJobs } from '../../api/recommended-jobs';
import { session } from '../../api/session';
import './jobs.css';

export function RecommendedJobs({ limit = 6, className = '' }: { limit?: number; className?: string }) {
  const performer = session.isLoggedIn() && !session.isStudio();
  const jobs = useRecommendedJobs(performer);
  if (!performer || !jobs.data) return null;
  return (
    <section className={`recommended ${className}`} aria-labelledby="recommended-h">
      <h2 id="recommended-h">{TALENT_MSG.recommendedTitle}</h2>
      {jobs.data.length === 0 ? (
        <p className="muted">
          {TALENT_MSG.noRecommendations} <Link to="/editProfile">Edit profile</Link>
        </p>
      ) : (
        <ul className="job-cards">
          {jobs.data.slice(0, limit).map((job) => (
            <li key={`${job._id}:${job.roleId}`} className="card job-card">
              <div className="job-card-body">
                <h3 className="job-card-title"><Link to={`/jobs/${job._id}`}>{roleLine(job)}</Link></h3>
                <p className="muted">
                  {job.studio.fname}
                  {job.location ? ` · ${job.location}` : ''}
                </p>
                <ul className="recommended-reasons" aria-label="Why this job">
                  {job.reasons.map((r) => <li key={r}>{r}</li>)}
                </ul>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The recommended role with its job and pay ("Lead · Feature film · ₹5,000 / day"); a one-role job by its title. */
function roleLine(job: RecommendedJob): string {
  const role = job.roles.find((r) => r._id === job.roleId);
  if (!role || (job.roles.length === 1 && role.name === job.title)) return role ? `${job.title} · ${CAST_MSG.pay(role.pay)}` : job.title;
  return `${role.name} · ${job.title} · ${CAST_MSG.pay(role.pay)}`;
}
