/**
 * /dashboard/jobs/{id}/applicants: one job's applicants as their own screen, one tap from
 * the job's applicant count on /dashboard (docs/applications.md, "The applicant board").
 */
import { Link, useParams } from 'react-router';
import { BOARD_MSG } from '../../../contract/board-messages';
import { MSG } from '../../../contract/messages';
import { TAPE_MSG } from '../../../contract/self-tapes-messages';
import { useOwnJob } from '../../api/own-jobs';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ApplicantBoard } from './ApplicantBoard';
import './dashboard.css';

export default function ApplicantsPage() {
  const { id = '' } = useParams();
  const job = useOwnJob(id);
  useDocumentTitle(job.data ? BOARD_MSG.title(job.data.title) : undefined);

  if (job.isPending) return <main className="page"><p role="status">{MSG.loading}</p></main>;
  if (job.isError) return <main className="page"><p role="alert">{job.error.message}</p></main>;
  if (!job.data) {
    return (
      <main className="page">
        <h1>{BOARD_MSG.jobNotFound}</h1>
        <p><Link to="/dashboard">{BOARD_MSG.backToDashboard}</Link></p>
      </main>
    );
  }
  const own = job.data;
  return (
    <main className="page applicant-page">
      <p className="applicant-page-back"><Link to="/dashboard">← {BOARD_MSG.backToDashboard}</Link></p>
      <h1>{BOARD_MSG.title(own.title)}</h1>
      <p className="applicant-page-links">
        <Link to={`/jobs/${own._id}`}>{BOARD_MSG.viewJob}</Link>
        <Link to={`/dashboard/jobs/${own._id}`}>{BOARD_MSG.editJob}</Link>
        <Link to={`/dashboard/jobs/${own._id}/self-tapes`}>{TAPE_MSG.selfTapesLink}</Link>
      </p>
      <ApplicantBoard job={own} />
    </main>
  );
}
