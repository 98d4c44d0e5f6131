/**
 * The applicants of a job as a board by status (docs/applications.md). Every move is a
 * button, so the board works from the keyboard; dragging a card onto a column does the same.
 * Each card opens the performer's card (ApplicantCard).
 */
import { useState, type DragEvent } from 'react';
import { STUDIO_STATUSES, type ApplicationStatus, type StudioStatus } from '../../../contract/applications-limits';
import { APP_MSG } from '../../../contract/applications-messages';
import type { StudioApplication } from '../../../contract/applications';
import { CAST_MSG } from '../../../contract/casting-messages';
import type { JobRole } from '../../../contract/jobs';
import { MSG } from '../../../contract/messages';
import { setApplicationStatus, useJobApplicants } from '../../api/job-applicants';
import { useToast } from '../../components/Toasts';
import { ApplicantCard } from './ApplicantCard';
import { personName, initialOf } from '../../../contract/names';

/** Columns always shown; withdrawn and closed appear only when someone is in them. */
const COLUMNS: readonly ApplicationStatus[] = ['applied', 'viewed', 'shortlisted', 'auditioning', 'booked', 'declined'];
const LATE_COLUMNS: readonly ApplicationStatus[] = ['withdrawn', 'closed'];

export function ApplicantBoard({ jobId, roles = [] }: { jobId: string; roles?: JobRole[] }) {
  const [roleId, setRoleId] = useState('');
  const applicants = useJobApplicants(jobId, roleId);
  const [openId, setOpenId] = useState<string | null>(null);
  const toast = useToast();

  if (applicants.isPending) return <p role="status">{MSG.loading}</p>;
  if (applicants.isError) return <p role="alert">{applicants.error.message}</p>;
  const list = applicants.data;
  const columns = [...COLUMNS, ...LATE_COLUMNS.filter((s) => list.some((a) => a.status === s))];

  async function move(app: StudioApplication, status: StudioStatus) {
    try {
      await setApplicationStatus(app, status);
    } catch (err) {
      toast((err as Error).message);
    }
  }

  function handleDrop(e: DragEvent, status: ApplicationStatus) {
    e.preventDefault();
    const app = list.find((a) => a._id === e.dataTransfer.getData('text/plain'));
    if (app && (STUDIO_STATUSES as readonly string[]).includes(status) && app.status !== status) void move(app, status as StudioStatus);
  }

  return (
    <section className="applicant-section" aria-labelledby="applicants-title">
      <h2 id="applicants-title">{APP_MSG.applicants} <span className="muted">({list.length})</span></h2>
      {roles.length > 1 && (
        <div className="field applicant-role-filter">
          <label htmlFor="applicant-role">{CAST_MSG.role}</label>
          <select id="applicant-role" className="select" value={roleId} onChange={(e) => setRoleId(e.target.value)}>
            <option value="">{CAST_MSG.allRoles}</option>
            {roles.map((r) => <option key={r._id} value={r._id}>{r.name}</option>)}
          </select>
        </div>
      )}
      {list.length === 0 ? (
        <p className="card applicant-empty">{APP_MSG.noApplicants}</p>
      ) : (
        <div className="applicant-board">
          {columns.map((status) => {
            const items = list.filter((a) => a.status === status);
            return (
              <section
                key={status}
                className="applicant-column"
                aria-labelledby={`column-${status}`}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => handleDrop(e, status)}
              >
                <h3 id={`column-${status}`}>{APP_MSG.statusLabel(status)} <span className="muted">({items.length})</span></h3>
                {items.length === 0 ? (
                  <p className="muted applicant-none">{APP_MSG.noneInColumn}</p>
                ) : (
                  <ul>
                    {items.map((a) => (
                      <li key={a._id} className="applicant-tile" draggable onDragStart={(e) => e.dataTransfer.setData('text/plain', a._id)}>
                        {a.performer.profilePic ? <img src={a.performer.profilePic} alt="" /> : <span className="applicant-initial" aria-hidden="true">{initialOf(a.performer.fname)}</span>}
                        <div className="applicant-tile-body">
                          <strong>{personName(a.performer.fname)}</strong>
                          <span className="muted">{[roles.length > 1 ? a.role.name : '', a.performer.category, a.rating ? `★ ${a.rating}` : ''].filter(Boolean).join(' · ')}</span>
                        </div>
                        <button type="button" className="btn btn-secondary" onClick={() => setOpenId(a._id)} aria-label={`${APP_MSG.open}: ${personName(a.performer.fname)}`}>{APP_MSG.open}</button>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
      {openId && <ApplicantCard id={openId} onClose={() => setOpenId(null)} onMove={move} />}
    </section>
  );
}
