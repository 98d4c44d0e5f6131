/**
 * The roles of a job post (docs/marketplace.md, "Roles and pay"): add, reorder, remove, and
 * mark cast; each role's pay must be chosen before the form can be sent.
 */
import { CAST_MSG } from '../../../contract/casting-messages';
import { PAY_KINDS, PAY_UNITS, ROLE_LIMITS, type PayKind, type PayUnit } from '../../../contract/job-roles-limits';
import { JOB_GENDERS, JOB_LIMITS, JOB_PROFESSIONS } from '../../../contract/jobs-limits';
import type { JobRole, RoleInput } from '../../../contract/jobs';
import { MSG } from '../../../contract/messages';
import { FormField } from '../../components/FormField';
import { RemoveButton } from '../../components/RemoveButton';

export interface RoleForm {
  _id?: string;
  name: string;
  description: string;
  profession: string;
  gender: string;
  ageMin: string;
  ageMax: string;
  payKind: PayKind | '';
  amount: string;
  unit: PayUnit | '';
  skills: string;
  languages: string;
  status: 'open' | 'cast';
}

export const blankRole = (): RoleForm => ({ name: '', description: '', profession: 'Any', gender: 'Any', ageMin: '0', ageMax: '0', payKind: '', amount: '', unit: '', skills: '', languages: '', status: 'open' });

export const roleFromJob = (r: JobRole): RoleForm => ({
  _id: r._id,
  name: r.name,
  description: r.description,
  profession: r.profession,
  gender: r.gender,
  ageMin: String(r.ageMin),
  ageMax: String(r.ageMax),
  payKind: r.pay?.kind ?? '',
  amount: r.pay?.amount ? String(r.pay.amount) : '',
  unit: r.pay?.unit ?? '',
  skills: r.skills.join(', '),
  languages: r.languages.join(', '),
  status: r.status,
});

const list = (v: string) => v.split(',').map((x) => x.trim()).filter(Boolean);

const LIST_LABELS = { skills: 'Skills', languages: 'Languages' } as const;
const LIST_MAX = { skills: ROLE_LIMITS.skillsMax, languages: ROLE_LIMITS.languagesMax } as const;

/**
 * A role's skills and languages checked as they are typed, by the server's own rule
 * (src/contract/jobs.ts `names`): at most 10 skills and 5 languages, each at most 60
 * characters. Said at the field at once, not after submitting (issue 49 item 18).
 */
export function listProblems(r: RoleForm): Partial<Record<'skills' | 'languages', string>> {
  const found: Partial<Record<'skills' | 'languages', string>> = {};
  for (const key of ['skills', 'languages'] as const) {
    const names = list(r[key]);
    if (names.length > LIST_MAX[key]) found[key] = CAST_MSG.tooManyNames(LIST_LABELS[key], LIST_MAX[key]);
    else if (names.some((n) => n.length > ROLE_LIMITS.tagMax)) found[key] = MSG.tooLong(LIST_LABELS[key], ROLE_LIMITS.tagMax);
  }
  return found;
}

type RoleProblem = 'name' | 'pay' | 'amount' | 'unit' | 'skills' | 'languages';

/** The role as sent, or the first problem of each field that has one (the form shows them in place). */
export function roleBody(r: RoleForm): { body?: RoleInput; errors: Partial<Record<RoleProblem, string>> } {
  const errors: Partial<Record<RoleProblem, string>> = { ...listProblems(r) };
  if (!r.name.trim()) errors.name = MSG.required(CAST_MSG.roleName);
  if (!r.payKind) errors.pay = CAST_MSG.choosePay;
  const amount = Number(r.amount);
  if (r.payKind === 'paid' && (!/^\d+$/.test(r.amount.trim()) || amount < 1)) errors.amount = CAST_MSG.payAmount;
  if (r.payKind === 'paid' && !r.unit) errors.unit = CAST_MSG.payUnit;
  if (Object.keys(errors).length > 0 || !r.payKind) return { errors };
  return {
    errors,
    body: {
      ...(r._id ? { _id: r._id } : {}),
      name: r.name,
      description: r.description,
      profession: r.profession as RoleInput['profession'],
      gender: r.gender as RoleInput['gender'],
      ageMin: Number(r.ageMin || 0),
      ageMax: Number(r.ageMax || 0),
      pay: r.payKind === 'paid' ? { kind: 'paid', amount, unit: r.unit as PayUnit } : { kind: r.payKind },
      skills: list(r.skills),
      languages: list(r.languages),
      status: r.status,
    },
  };
}

/** The element of row `i`'s field `key`; the role's `pay` (a refusal's name for it) is its pay kind's select. */
export const roleFieldId = (i: number, key: string) => `role-${i}-${key === 'pay' ? 'payKind' : key}`;

export function RolesEditor({
  roles,
  onChange,
  errors,
  onCast,
}: {
  roles: RoleForm[];
  onChange: (roles: RoleForm[]) => void;
  errors: Record<number, Partial<Record<string, string>>>;
  /** Given for a posted job: marks a saved role cast at once. */
  onCast?: (roleId: string) => void;
}) {
  const set = (i: number, patch: Partial<RoleForm>) => onChange(roles.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const move = (from: number, to: number) => {
    if (to < 0 || to >= roles.length) return;
    const next = [...roles];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  // A list's problem shows as it is typed; the others once the form is sent.
  const err = (i: number, key: string) => errors[i]?.[key] ?? (key === 'skills' || key === 'languages' ? listProblems(roles[i]!)[key] : undefined);
  // The role's pay problem ("choose the pay") is the pay kind's: it shows under that select.
  const problemAt = (i: number, key: string) => err(i, key) ?? (key === 'payKind' ? err(i, 'pay') : undefined);
  const field = (i: number, key: string, label: string, input: (a: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => React.ReactNode) => (
    <FormField id={roleFieldId(i, key)} label={<><span className="visually-hidden">{CAST_MSG.role} {i + 1} </span>{label}</>} error={problemAt(i, key)}>
      {input}
    </FormField>
  );

  return (
    <fieldset className="roles-editor">
      <legend>{CAST_MSG.roles}</legend>
      <ol className="roles-list">
        {roles.map((r, i) => (
          <li key={r._id ?? `new-${i}`} className="card roles-card" aria-label={`${CAST_MSG.role} ${i + 1}${r.name ? `: ${r.name}` : ''}`}>
            <div className="roles-card-head">
              <strong>{CAST_MSG.role} {i + 1}</strong>
              {r.status === 'cast' && <span className="badge">{CAST_MSG.cast}</span>}
              <span className="roles-card-actions">
                <button type="button" className="btn btn-ghost" aria-label={`${CAST_MSG.moveUp}: ${CAST_MSG.role} ${i + 1}`} disabled={i === 0} onClick={() => move(i, i - 1)}>↑</button>
                <button type="button" className="btn btn-ghost" aria-label={`${CAST_MSG.moveDown}: ${CAST_MSG.role} ${i + 1}`} disabled={i === roles.length - 1} onClick={() => move(i, i + 1)}>↓</button>
                {onCast && r._id && r.status === 'open' && (
                  <button type="button" className="btn btn-secondary" onClick={() => onCast(r._id!)}>{CAST_MSG.markCast}</button>
                )}
                <RemoveButton label={`${CAST_MSG.removeRole}: ${CAST_MSG.role} ${i + 1}${r.name ? ` (${r.name})` : ''}`} disabled={roles.length === 1} onClick={() => onChange(roles.filter((_, j) => j !== i))} />
              </span>
            </div>
            {field(i, 'name', CAST_MSG.roleName, (a) => <input {...a} className="input" maxLength={ROLE_LIMITS.nameMax} value={r.name} onChange={(e) => set(i, { name: e.target.value })} />)}
            <div className="form-row">
              {field(i, 'payKind', CAST_MSG.payKind, (a) => (
                <select {...a} className="select" value={r.payKind} onChange={(e) => set(i, { payKind: e.target.value as PayKind | '', ...(e.target.value === 'paid' ? {} : { amount: '', unit: '' }) })}>
                  <option value="">{CAST_MSG.choosePay}</option>
                  {PAY_KINDS.map((k) => <option key={k} value={k}>{CAST_MSG.payKindLabel[k]}</option>)}
                </select>
              ))}
              {r.payKind === 'paid' && field(i, 'amount', CAST_MSG.payAmountLabel, (a) => <input {...a} className="input" inputMode="numeric" value={r.amount} onChange={(e) => set(i, { amount: e.target.value })} />)}
              {r.payKind === 'paid' && field(i, 'unit', CAST_MSG.payUnitLabel2, (a) => (
                <select {...a} className="select" value={r.unit} onChange={(e) => set(i, { unit: e.target.value as PayUnit | '' })}>
                  <option value="">—</option>
                  {PAY_UNITS.map((u) => <option key={u} value={u}>{CAST_MSG.payUnitLabel[u]}</option>)}
                </select>
              ))}
            </div>
            <div className="form-row">
              {field(i, 'profession', 'Profession', (a) => (
                <select {...a} className="select" value={r.profession} onChange={(e) => set(i, { profession: e.target.value })}>
                  {JOB_PROFESSIONS.map((v) => <option key={v}>{v}</option>)}
                </select>
              ))}
              {field(i, 'gender', 'Gender', (a) => (
                <select {...a} className="select" value={r.gender} onChange={(e) => set(i, { gender: e.target.value })}>
                  {JOB_GENDERS.map((v) => <option key={v}>{v}</option>)}
                </select>
              ))}
            </div>
            <div className="form-row">
              {field(i, 'ageMin', 'Age from', (a) => <input {...a} type="number" min={0} max={JOB_LIMITS.ageMax} className="input" value={r.ageMin} onChange={(e) => set(i, { ageMin: e.target.value })} />)}
              {field(i, 'ageMax', 'Age to', (a) => <input {...a} type="number" min={0} max={JOB_LIMITS.ageMax} className="input" value={r.ageMax} onChange={(e) => set(i, { ageMax: e.target.value })} />)}
            </div>
            {field(i, 'description', 'Role description', (a) => <textarea {...a} className="textarea" rows={3} maxLength={ROLE_LIMITS.descriptionMax} value={r.description} onChange={(e) => set(i, { description: e.target.value })} />)}
            <div className="form-row">
              {field(i, 'skills', `Skills (up to ${ROLE_LIMITS.skillsMax}, commas between)`, (a) => <input {...a} className="input" value={r.skills} onChange={(e) => set(i, { skills: e.target.value })} />)}
              {field(i, 'languages', `Languages (up to ${ROLE_LIMITS.languagesMax})`, (a) => <input {...a} className="input" value={r.languages} onChange={(e) => set(i, { languages: e.target.value })} />)}
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn-secondary" disabled={roles.length >= ROLE_LIMITS.rolesMax} onClick={() => {
          const n = roles.length;
          onChange([...roles, blankRole()]);
          // Focus lands on the new role, not left on the button (docs/screens.md; issue 49 item 18).
          setTimeout(() => document.getElementById(`role-${n}-name`)?.focus(), 0);
        }}>{CAST_MSG.addRole}</button>
    </fieldset>
  );
}
