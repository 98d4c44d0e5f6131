/** The console's "Reported jobs": hidden ones first, each with its reasons; hide or restore. */
import { Link } from 'react-router';
import { ADMIN_TEXT } from '../../../contract/admin-texts';
import { MSG } from '../../../contract/messages';
import { setJobHidden } from '../../api/admin';
import { useAdminReports } from '../../api/admin-reports';
import { dateTime } from './date-time';
import { useAdminChange } from './useAdminChange';

export function ReportedJobs() {
  const reports = useAdminReports();
  const { change, done } = useAdminChange(
    (v: { id: string; hidden: boolean; title: string }) => setJobHidden(v),
    (answer, { title }) => (answer.hidden ? ADMIN_TEXT.jobHidden(title) : ADMIN_TEXT.jobRestored(title)),
    ['jobs'],
  );

  return (
    <section className="card admin-section" aria-labelledby="admin-reports">
      <h2 id="admin-reports">{ADMIN_TEXT.reportsHeading}</h2>
      <p role="status" className="admin-done">{done}</p>
      {!reports.data ? (
        <p role="status">{reports.error ? reports.error.message : MSG.loading}</p>
      ) : reports.data.length === 0 ? (
        <p className="muted">{ADMIN_TEXT.noReports}</p>
      ) : (
        <ul className="admin-list">
          {reports.data.map(({ job, count, reasons }) => {
            const title = job.title || job.jobType;
            return (
              <li key={job._id} className="admin-item" data-testid="admin-report">
                <div className="admin-item-main">
                  <p className="admin-item-title">
                    <Link to={`/jobs/${job._id}`}>{title}</Link>{' '}
                    <span className={job.hidden ? 'admin-badge hidden' : 'admin-badge verified'}>{job.hidden ? ADMIN_TEXT.hiddenBadge : ADMIN_TEXT.visibleBadge}</span>
                  </p>
                  <p className="admin-item-meta">
                    <Link to={`/studio-detail/${job.studio._id}`}>{job.studio.fname}</Link> · {ADMIN_TEXT.reportCount(count)}
                  </p>
                  <details className="admin-reasons">
                    <summary>{ADMIN_TEXT.reasons}</summary>
                    <ul>
                      {reasons.map((r, i) => (
                        <li key={i}>
                          <span className="admin-reason">{r.reason}</span> <time className="muted" dateTime={r.createdAt}>{dateTime(r.createdAt)}</time>
                        </li>
                      ))}
                    </ul>
                  </details>
                </div>
                <button
                  type="button"
                  className={job.hidden ? 'btn' : 'btn btn-secondary'}
                  disabled={change.isPending}
                  aria-label={`${job.hidden ? ADMIN_TEXT.restore : ADMIN_TEXT.hide} ${title}`}
                  onClick={() => change.mutate({ id: job._id, hidden: !job.hidden, title })}
                >
                  {job.hidden ? ADMIN_TEXT.restore : ADMIN_TEXT.hide}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
