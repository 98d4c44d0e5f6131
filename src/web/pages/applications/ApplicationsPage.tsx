/**
 * /applications: the performer's applications grouped by status, each with its timeline,
 * and the period's quota ("n of 70 used, until your plan ends on …", or "resets on …" when a next plan is queued); docs/applications.md.
 */
import { Link } from 'react-router';
import { APPLICATION_STATUSES, FINAL_STATUSES, type ApplicationStatus } from '../../../contract/applications-limits';
import { APP_MSG } from '../../../contract/applications-messages';
import type { MyApplication, Quota } from '../../../contract/applications';
import { MSG } from '../../../contract/messages';
import { DECISION_MSG } from '../../../contract/decisions-messages';
import { useMyApplications, useWithdrawApplication } from '../../api/my-applications';
import { useToast } from '../../components/Toasts';
import { useConfirm } from '../../components/useConfirm';
import { useFocusWhenDrawn } from '../../components/useFocusWhenDrawn';
import { formatDay, formatTime } from '../../lib/dates';
import '../../components/application-status.css';
import { SlotPicker } from './SlotPicker';
import './applications.css';
import { TapeRequests } from './TapeRequests';

export default function ApplicationsPage() {
  const mine = useMyApplications();
  // A withdrawn card is a new element in the Withdrawn group: focus goes to its heading once it is drawn there.
  const focusWhenDrawn = useFocusWhenDrawn((id: string) => (mine.data?.applications.some((a) => a._id === id && a.status === 'withdrawn') ? `application-${id}` : null));

  if (mine.isPending) return <main className="page"><h1>{APP_MSG.applicationsTitle}</h1><p role="status">{MSG.loading}</p></main>;
  if (mine.isError) return <main className="page"><h1>{APP_MSG.applicationsTitle}</h1><p role="alert">{mine.error.message}</p></main>;
  const { applications, quota } = mine.data;
  const groups = APPLICATION_STATUSES.map((status) => ({ status, items: applications.filter((a) => a.status === status) })).filter((g) => g.items.length > 0);

  return (
    <main className="page applications-page">
      <h1>{APP_MSG.applicationsTitle}</h1>
      <QuotaLine quota={quota} />
      <TapeRequests />
      {groups.length === 0 && (
        <div className="card applications-empty">
          <p>{APP_MSG.noApplications}</p>
          <Link to="/jobs" className="btn">{APP_MSG.browseJobs}</Link>
        </div>
      )}
      {groups.map((g) => (
        <section key={g.status} aria-labelledby={`group-${g.status}`} className="applications-group">
          <h2 id={`group-${g.status}`}>{APP_MSG.statusLabel(g.status)} <span className="muted">({g.items.length})</span></h2>
          <ul className="applications-list">
            {g.items.map((a) => <ApplicationCard key={a._id} app={a} onWithdrawn={focusWhenDrawn} />)}
          </ul>
        </section>
      ))}
    </main>
  );
}

function QuotaLine({ quota }: { quota: Quota }) {
  if (!quota.periodEnd) {
    return <p className="quota-line">{APP_MSG.noPlanLine} <Link to="/subscription">{APP_MSG.choosePlan}</Link></p>;
  }
  return <p className="quota-line" data-testid="quota">{APP_MSG.quotaLine(quota.used, quota.limit, formatDay(quota.periodEnd), quota.renews)}</p>;
}

/** `onWithdrawn(id)`: the card's heading takes the focus once it is drawn in the Withdrawn group. */
function ApplicationCard({ app, onWithdrawn }: { app: MyApplication; onWithdrawn(id: string): void }) {
  const toast = useToast();
  const confirm = useConfirm();
  const withdraw = useWithdrawApplication({
    onSuccess: () => onWithdrawn(app._id),
    onError: (err) => toast(err.message),
  });
  const canWithdraw = !FINAL_STATUSES.includes(app.status);

  async function handleWithdraw() {
    if (withdraw.isPending) return;
    if (!(await confirm.ask({ title: APP_MSG.confirmWithdrawTitle, message: APP_MSG.confirmWithdraw, confirmLabel: APP_MSG.withdraw }))) return;
    withdraw.mutate(app._id);
  }

  return (
    <li className="card application-card" aria-label={`${roleTitle(app)}, ${APP_MSG.statusLabel(app.status)}`}>
      <div className="application-head">
        <div>
          <h3 id={`application-${app._id}`} tabIndex={-1}><Link to={`/jobs/${app.job._id}`}>{app.job.title}</Link>{hasOwnRole(app) && <span className="application-role"> — {app.role.name}</span>}</h3>
          <p className="muted">{app.studio.fname}{app.job.location ? ` · ${app.job.location}` : ''}</p>
        </div>
        <span className={`status-badge status-${app.status}`}>{APP_MSG.statusLabel(app.status)}</span>
      </div>
      <h4 className="visually-hidden">{APP_MSG.timeline}</h4>
      <ol className="timeline" aria-label={`${APP_MSG.timeline}: ${roleTitle(app)}`}>
        {app.history.map((h) => (
          <li key={`${h.status}-${h.at}`}>
            <span className="timeline-status">{APP_MSG.statusLabel(h.status as ApplicationStatus)}</span> <time dateTime={h.at} className="muted">{formatTime(h.at)}</time>
          </li>
        ))}
      </ol>
      {app.decision && (app.decision.reasonText || app.decision.note) && (
        <section className="application-decision" aria-label={DECISION_MSG.decisionTitle}>
          <h4>{DECISION_MSG.decisionTitle}</h4>
          {app.decision.reasonText && <p>{app.decision.reasonText}</p>}
          {app.decision.note && <p className="pre-line">{app.decision.note}</p>}
        </section>
      )}
      {app.status === 'auditioning' && <SlotPicker app={app} />}
      {canWithdraw && <button type="button" className="btn btn-ghost" aria-disabled={withdraw.isPending} onClick={() => void handleWithdraw()}>{APP_MSG.withdraw}</button>}
      {confirm.dialog}
    </li>
  );
}

/** Two roles of one job are two applications: each card names its role (issue 49, item 2). */
const hasOwnRole = (app: MyApplication) => Boolean(app.role.name) && app.role.name !== app.job.title;
const roleTitle = (app: MyApplication) => (hasOwnRole(app) ? APP_MSG.withRole(app.job.title, app.role.name) : app.job.title);
