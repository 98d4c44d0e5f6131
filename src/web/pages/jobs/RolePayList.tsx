/** A job's roles with their pay in words, each marked when cast (docs/marketplace.md, "Roles and pay"). */
import { CAST_MSG } from '../../../contract/casting-messages';
import type { JobRole, RoleFit } from '../../../contract/jobs';

export function RolePayList({ roles, compact = false, fit }: { roles: JobRole[]; compact?: boolean; fit?: RoleFit[] }) {
  return (
    <ul className={compact ? 'role-pay-list compact' : 'role-pay-list'} aria-label={CAST_MSG.roles}>
      {roles.map((role) => {
        const mine = fit?.find((f) => f.roleId === role._id);
        return (
          <li key={role._id} className={role.status === 'cast' ? 'role-pay cast' : 'role-pay'}>
            <span className="role-pay-name">{role.name}</span>
            <span className={role.pay === null ? 'role-pay-amount muted' : 'role-pay-amount'}>{CAST_MSG.pay(role.pay)}</span>
            {role.status === 'cast' && <span className="badge">{CAST_MSG.cast}</span>}
            {!compact && <RoleDetails role={role} />}
            {mine && (
              <p className={mine.matches ? 'role-fit fits' : 'role-fit misses'}>
                <strong>{mine.matches ? CAST_MSG.fits : CAST_MSG.fitsNot}:</strong> {[...mine.reasons, ...mine.misses].join(' · ')}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

const ages = (r: JobRole) => (r.ageMin && r.ageMax ? `${r.ageMin}–${r.ageMax}` : r.ageMin ? `${r.ageMin} and over` : r.ageMax ? `up to ${r.ageMax}` : 'Any age');

function RoleDetails({ role }: { role: JobRole }) {
  const facts = [role.profession === 'Any' ? 'Any profession' : role.profession, role.gender === 'Any' ? 'Any gender' : role.gender, ages(role)];
  return (
    <div className="role-details">
      <p className="muted">{facts.join(' · ')}</p>
      {role.description && <p className="role-details-text">{role.description}</p>}
      {(role.skills.length > 0 || role.languages.length > 0) && (
        <dl className="role-wants">
          {([[CAST_MSG.roleSkills, role.skills], [CAST_MSG.roleLanguages, role.languages]] as const)
            .filter(([, names]) => names.length > 0)
            .map(([label, names]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{names.join(', ')}</dd>
              </div>
            ))}
        </dl>
      )}
    </div>
  );
}
