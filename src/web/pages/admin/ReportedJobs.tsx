/** The console's "Reported jobs": hidden ones first, each with its reasons; hide or restore. */
import { Link } from 'react-router';
import { ADMIN_TEXT } from '../../../contract/admin-texts';
import { setJobHidden } from '../../api/set-job-hidden';
import { useAdminReports } from '../../api/admin-reports';
import { AdminItemList } from './AdminItemList';
import { dateTime } from './date-time';
import { useAdminChange } from './useAdminChange';

export function ReportedJobs() {
  const reports = useAdminReports();
  const { change, done } = useAdminChange(
    (v: { id: string; hidden: boolean; title: string }) => setJobHidden(v),
    (answer, { title }) => (answer.hidden ? ADMIN_TEXT.jobHidden(title) : ADMIN_TEXT.jobRestored(title)),
  );
  const titleOf = (job: { title: string; jobType: string }) => job.title || job.jobType;

  return (
    <section className="card admin-section" aria-labelledby="admin-reports">
      <h2 id="admin-reports">{ADMIN_TEXT.reportsHeading}</h2>
      <AdminItemList
        items={reports.data}
        error={reports.error}
        done={done}
        empty={ADMIN_TEXT.noReports}
        busy={change.isPending}
        testId="admin-report"
        itemKey={({ job }) => job._id}
        describe={({ job, count, reasons }) => (
          <>
            <p className="admin-item-title">
              <Link to={`/jobs/${job._id}`}>{titleOf(job)}</Link>{' '}
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
          </>
        )}
        action={({ job }) => ({
          label: job.hidden ? ADMIN_TEXT.restore : ADMIN_TEXT.hide,
          subject: titleOf(job),
          primary: job.hidden,
          run: () => change.mutate({ id: job._id, hidden: !job.hidden, title: titleOf(job) }),
        })}
      />
    </section>
  );
}
