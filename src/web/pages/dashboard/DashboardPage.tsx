/** /dashboard: the studio's jobs, open and closed, with their applicant counts (docs/marketplace.md). */
import { useState } from 'react';
import { formatDate } from '../../lib/dates';
import { Link } from 'react-router';
import { MARKET_MSG } from '../../../contract/marketplace-messages';
import { MSG } from '../../../contract/messages';
import { TALENT_MSG } from '../../../contract/talent-messages';
import type { OwnJob } from '../../../contract/jobs';
import { useReopenJob } from '../../api/reopen-job';
import { fetchStudioJob } from '../../api/studio-job';
import { DECISION_MSG } from '../../../contract/decisions-messages';
import { CLOSE_TEXT, reopenLines } from '../../../contract/decision-ends-texts';
import { useConfirm } from '../../components/useConfirm';
import { startTime } from '../../lib/zoned-time';
import { CloseJobDialog } from './CloseJobDialog';
import { useToast } from '../../components/Toasts';
import { CAST_MSG } from '../../../contract/casting-messages';
import { SLOT_TEXT } from '../../../contract/slots-texts';
import { TAPE_MSG } from '../../../contract/self-tapes-messages';
import { BOARD_MSG } from '../../../contract/board-messages';
import './dashboard.css';
import { useStudioMe } from '../../api/studio-me';
import { useOwnJobs } from '../../api/own-jobs';
import { useStudioRole } from '../../components/useStudioRole';
import { useFocusWhenDrawn } from '../../components/useFocusWhenDrawn';

export default function DashboardPage() {
  const me = useStudioMe();
  const jobs = useOwnJobs();
  const toast = useToast();
  const [closing, setClosing] = useState<OwnJob | null>(null);
  // What the login's role cannot do is not offered (docs/team.md).
  const { can } = useStudioRole();

  /** After a close or a reopen the job moves between the lists; focus follows its title there, once it is drawn there. */
  const focusWhenDrawn = useFocusWhenDrawn((job: { _id: string; status: OwnJob['status'] }) =>
    jobs.data?.jobs.some((j) => j._id === job._id && j.status === job.status) ? `job-title-${job._id}` : null,
  );
  function moved(job: { _id: string }, status: OwnJob['status'], text: string) {
    toast(text, 'success');
    focusWhenDrawn({ _id: job._id, status });
  }

  const confirm = useConfirm();
  const reopenWrite = useReopenJob({
    onSuccess: (answer, { said }) => moved(answer, 'open', `${CLOSE_TEXT.reopenedToast(answer.title)} ${said}`),
    onError: (err) => toast(err.message),
  });

  /** Reopening asks first, naming the booked auditions it leaves as they are; the toast says it again. */
  async function reopen(job: OwnJob) {
    let said: string;
    try {
      const { live } = await fetchStudioJob(job._id);
      said = reopenLines({ booked: live.people.booked, bookedTotal: live.booked }, startTime).join(' ');
    } catch (err) {
      toast((err as Error).message);
      return;
    }
    if (!(await confirm.ask({ title: CLOSE_TEXT.reopenTitle(job.title), message: said, confirmLabel: CLOSE_TEXT.reopenConfirm }))) return;
    reopenWrite.mutate({ jobId: job._id, said });
  }

  const open = jobs.data?.jobs.filter((j) => j.status === 'open') ?? [];
  const closed = jobs.data?.jobs.filter((j) => j.status === 'closed') ?? [];

  return (
    <main className="page dashboard">
      <header className="dashboard-head">
        <div>
          <h1>{me.data?.fname ?? MARKET_MSG.dashboard}</h1>
          {me.data && !me.data.verified && (
            <div className="dashboard-notice" data-testid="unverified-explained">
              <p>{MARKET_MSG.unverified}</p>
              <p>{MARKET_MSG.unverifiedWhat}</p>
              <p>
                {MARKET_MSG.unverifiedHow} {can('studioPage') && <><Link to="/dashboard/studio">Complete your studio page</Link> · </>}<Link to="/contact">Write to us</Link>
              </p>
            </div>
          )}
        </div>
        <div className="dashboard-actions">
          {can('studioPage') && <Link to="/dashboard/studio" className="btn btn-secondary">Edit studio page</Link>}
          {can('editJobs') && <Link to="/dashboard/jobs/new" className="btn">{MARKET_MSG.postJob}</Link>}
          {can('message') && <Link to="/dashboard/talent" className="btn btn-secondary">{TALENT_MSG.searchTitle}</Link>}
          {can('message') && <Link to="/dashboard/shortlists" className="btn btn-secondary">{TALENT_MSG.shortlistsTitle}</Link>}
          {me.data && <Link to={`/studio-detail/${me.data._id}`} className="btn btn-ghost">View public page</Link>}
        </div>
      </header>
      {jobs.isPending && <p role="status">{MSG.loading}</p>}
      {jobs.isError && <p role="alert">{jobs.error.message}</p>}
      {jobs.data && jobs.data.jobs.length === 0 && <p className="muted">{MARKET_MSG.noOwnJobs}</p>}
      {open.length > 0 && <JobTable heading="Open jobs" jobs={open} editable={can('editJobs')} onClose={can('editJobs') ? setClosing : undefined} />}
      {closed.length > 0 && <JobTable heading="Closed jobs" jobs={closed} editable={can('editJobs')} onReopen={can('editJobs') ? (job) => void reopen(job) : undefined} />}
      {closing && (
        <CloseJobDialog
          job={closing}
          onCancel={() => setClosing(null)}
          onClosed={(said) => {
            setClosing(null);
            moved(closing, 'closed', `${CLOSE_TEXT.closedToast(closing.title)} ${said}`);
          }}
        />
      )}
      {confirm.dialog}
    </main>
  );
}

function JobTable({ heading, jobs, editable, onClose, onReopen }: { heading: string; jobs: OwnJob[]; editable: boolean; onClose?: (job: OwnJob) => void; onReopen?: (job: OwnJob) => void }) {
  return (
    <section className="dashboard-section" aria-labelledby={`h-${heading}`}>
      <h2 id={`h-${heading}`}>{heading}</h2>
      <ul className="own-jobs">
        {jobs.map((job) => (
          <li key={job._id} className="card own-job">
            <div className="own-job-main">
              <Link to={editable ? `/dashboard/jobs/${job._id}` : `/jobs/${job._id}`} className="own-job-title" id={`job-title-${job._id}`}>{job.title}</Link>
              <p className="muted">
                {job.jobType}
                {job.deadline ? ` · apply by ${formatDate(job.deadline)}` : ''}
                {job.hidden ? ' · hidden after reports' : ''}
              </p>
            </div>
            {/* One tap to the job's applicant board (docs/applications.md, "The applicant board"). */}
            <Link to={`/dashboard/jobs/${job._id}/applicants`} className="own-job-count" aria-label={BOARD_MSG.applicantsLinkLabel(job.applicants.total)} aria-describedby={`job-title-${job._id}`}>
              <strong>{job.applicants.total}</strong> {BOARD_MSG.applicantsWord(job.applicants.total)}
            </Link>
            {job.roles.length > 1 && (
              <p className="own-job-roles muted">{job.roles.map((r) => CAST_MSG.applicantsPerRole(r.name, job.applicants.byRole[r._id] ?? 0)).join(' · ')}</p>
            )}
            <div className="own-job-actions">
              <Link to={`/jobs/${job._id}`} className="btn btn-ghost">View</Link>
              <Link to={`/dashboard/jobs/${job._id}/schedule`} className="btn btn-ghost" aria-label={`${SLOT_TEXT.schedule}: ${job.title}`}>{SLOT_TEXT.schedule}</Link>
              <Link to={`/dashboard/jobs/${job._id}/self-tapes`} className="btn btn-ghost" aria-label={`${TAPE_MSG.selfTapesLink}: ${job.title}`}>{TAPE_MSG.selfTapesLink}</Link>
              {onClose && (
                <button type="button" className="btn btn-secondary" onClick={() => onClose(job)}>
                  {MARKET_MSG.closeJob}
                </button>
              )}
              {onReopen && (
                <button type="button" className="btn btn-secondary" aria-label={DECISION_MSG.reopenLabel(job.title)} onClick={() => onReopen(job)}>
                  {DECISION_MSG.reopen}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
