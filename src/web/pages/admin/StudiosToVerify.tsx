/** The console's "Studios to verify": unverified first, each with its owner and jobs; verify or unverify. */
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_TEXT } from '../../../contract/admin-texts';
import { setStudioVerified } from '../../api/set-studio-verified';
import { useAdminStudios, type StudioFilter } from '../../api/admin-studios';
import { AdminItemList } from './AdminItemList';
import { useAdminChange } from './useAdminChange';

export function StudiosToVerify() {
  const [filter, setFilter] = useState<StudioFilter>('');
  const studios = useAdminStudios(filter);
  const { change, done } = useAdminChange(
    (v: { id: string; verified: boolean; name: string }) => setStudioVerified(v),
    (answer, { name }) => (answer.verified ? ADMIN_TEXT.studioVerified(name) : ADMIN_TEXT.studioUnverified(name)),
  );

  return (
    <section className="card admin-section" aria-labelledby="admin-studios">
      <div className="admin-section-head">
        <h2 id="admin-studios">{ADMIN_TEXT.studiosHeading}</h2>
        <label className="admin-filter">
          <span>{ADMIN_TEXT.studiosFilter}</span>
          <select className="select" value={filter} onChange={(e) => setFilter(e.target.value as StudioFilter)}>
            {Object.entries(ADMIN_TEXT.studiosFilterOptions).map(([value, label]) => (
              <option key={value} value={value}>{label}</option>
            ))}
          </select>
        </label>
      </div>
      <AdminItemList
        items={studios.data}
        error={studios.error}
        done={done}
        empty={filter === 'false' ? ADMIN_TEXT.noStudiosToVerify : ADMIN_TEXT.noStudios}
        busy={change.isPending}
        testId="admin-studio"
        itemKey={(s) => s._id}
        describe={(s) => (
          <>
            <p className="admin-item-title">
              <Link to={`/studio-detail/${s._id}`}>{s.fname}</Link>{' '}
              <span className={s.verified ? 'admin-badge verified' : 'admin-badge'}>{s.verified ? ADMIN_TEXT.verifiedBadge : ADMIN_TEXT.unverifiedBadge}</span>
            </p>
            <p className="admin-item-meta">
              {s.location && <>{s.location} · </>}
              {ADMIN_TEXT.studioOwner}: {s.ownerEmail ? <a href={`mailto:${s.ownerEmail}`}>{s.ownerEmail}</a> : ADMIN_TEXT.noOwner} ·{' '}
              {ADMIN_TEXT.studioJobs(s.jobs.open, s.jobs.total)}
            </p>
          </>
        )}
        action={(s) => ({
          label: s.verified ? ADMIN_TEXT.unverify : ADMIN_TEXT.verify,
          subject: s.fname,
          primary: !s.verified,
          run: () => change.mutate({ id: s._id, verified: !s.verified, name: s.fname }),
        })}
      />
    </section>
  );
}
