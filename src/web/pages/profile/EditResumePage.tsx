/**
 * /editResume: the performer's résumé editor (docs/resume.md): credits added,
 * moved up and down and removed; skills, languages and accents with suggestions; union;
 * height and weight in the unit chosen; the comp card and résumé PDFs to download. Training,
 * agent and measurements are kept as saved. Leaving with unsaved changes asks first.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { Resume, ResumeBody } from '../../../contract/resume';
import {
  ACCENT_SUGGESTIONS,
  CREDIT_CATEGORIES,
  CREDIT_CATEGORY_LABELS,
  LANGUAGE_LEVELS,
  LANGUAGE_SUGGESTIONS,
  LEVEL_LABELS,
  latestYear,
  RESUME_MSG,
  SKILL_LEVELS,
  SKILL_SUGGESTIONS,
  UNION_LABELS,
  UNION_STATUSES,
  type CreditCategory,
  type LanguageLevel,
  type SkillLevel,
  type UnionStatus,
} from '../../../contract/resume-options';
import { downloadPdf, getResume, saveResume } from '../../api/resume';
import { useBusy } from '../../components/Busy';
import { NameCombobox } from '../../components/NameCombobox';
import { useToast } from '../../components/Toasts';
import { useLeaveGuard } from '../../components/useLeaveGuard';
import { useUserData } from '../../api/user-data';
import { MSG } from '../../../contract/messages';
import './profile.css';

type Credit = Resume['credits'][number];
type Form = Omit<Resume, 'height' | 'weight'>;
const toBody = (f: Form): ResumeBody => f;
const newCredit = (): Credit => ({ category: 'film', role: '', production: '', company: '', director: '', year: latestYear() - 1 });
const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

export default function EditResumePage() {
  const { user } = useUserData();
  const [initial, setInitial] = useState<Form | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const toast = useToast();
  const { run } = useBusy();

  useEffect(() => {
    getResume().then(
      ({ height: _h, weight: _w, ...r }) => {
        setForm(r);
        setInitial(r);
      },
      (err: Error) => toast(err.message),
    );
  }, [toast]);

  const dirty = useMemo(() => form !== null && initial !== null && JSON.stringify(form) !== JSON.stringify(initial), [form, initial]);
  const guard = useLeaveGuard(dirty);
  if (!form) {
    return (
      <main className="page edit-page">
        <p className="muted" role="status">
          {MSG.loading}
        </p>
      </main>
    );
  }

  const set = (change: Partial<Form>) => setForm({ ...form, ...change });
  const setCredit = (i: number, change: Partial<Credit>) => set({ credits: form.credits.map((c, j) => (j === i ? { ...c, ...change } : c)) });
  const move = (i: number, by: -1 | 1) => {
    const credits = [...form.credits];
    const [c] = credits.splice(i, 1);
    credits.splice(i + by, 0, c!);
    set({ credits });
  };

  async function handleSave(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    try {
      const saved = await run(() => saveResume(toBody(form)), 'Saving your résumé…');
      const { height: _h, weight: _w, ...r } = saved;
      setForm(r);
      setInitial(r);
      toast(RESUME_MSG.saved, 'success');
    } catch (err) {
      toast((err as Error).message);
    }
  }

  async function handleDownload(name: 'comp-card' | 'resume') {
    if (!user) return;
    try {
      await downloadPdf(user._id, name);
    } catch (err) {
      toast((err as Error).message);
    }
  }

  return (
    <main className="page edit-page">
    <form className="resume-editor card" onSubmit={handleSave} aria-labelledby="resume-title">
      <h1 id="resume-title">{RESUME_MSG.editResume}</h1>
      <div className="resume-downloads">
        <button type="button" className="btn btn-secondary" onClick={() => void handleDownload('comp-card')}>
          {RESUME_MSG.downloadCompCard}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void handleDownload('resume')}>
          {RESUME_MSG.downloadResume}
        </button>
      </div>

      <fieldset>
        <legend>Credits</legend>
        {form.credits.length === 0 && <p className="muted">{RESUME_MSG.noCredits}</p>}
        <ol className="resume-list">
          {form.credits.map((c, i) => (
            <li key={i} className="resume-credit" data-testid="credit">
              <label>
                Category
                <select className="select" value={c.category} onChange={(e) => setCredit(i, { category: e.target.value as CreditCategory })}>
                  {CREDIT_CATEGORIES.map((k) => (
                    <option key={k} value={k}>
                      {CREDIT_CATEGORY_LABELS[k]}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Production
                <input className="input" value={c.production} onChange={(e) => setCredit(i, { production: e.target.value })} />
              </label>
              <label>
                Role
                <input className="input" value={c.role} onChange={(e) => setCredit(i, { role: e.target.value })} />
              </label>
              <label>
                Company
                <input className="input" value={c.company} onChange={(e) => setCredit(i, { company: e.target.value })} />
              </label>
              <label>
                Director
                <input className="input" value={c.director} onChange={(e) => setCredit(i, { director: e.target.value })} />
              </label>
              <label>
                Year
                <input className="input" inputMode="numeric" value={String(c.year)} onChange={(e) => setCredit(i, { year: Number(e.target.value) })} />
              </label>
              <div className="resume-row-actions">
                <button type="button" className="btn btn-secondary" aria-label={`Move credit ${i + 1} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                  ↑
                </button>
                <button type="button" className="btn btn-secondary" aria-label={`Move credit ${i + 1} down`} disabled={i === form.credits.length - 1} onClick={() => move(i, 1)}>
                  ↓
                </button>
                <button type="button" className="btn btn-secondary" aria-label={`Remove credit ${i + 1}`} onClick={() => set({ credits: form.credits.filter((_, j) => j !== i) })}>
                  ✕
                </button>
              </div>
            </li>
          ))}
        </ol>
        <button type="button" className="btn btn-secondary" onClick={() => set({ credits: [...form.credits, newCredit()] })}>
          {RESUME_MSG.addCredit}
        </button>
      </fieldset>

      <fieldset>
        <legend>Skills</legend>
        {form.skills.map((s, i) => (
          <div key={i} className="resume-name-row" data-testid="skill">
            <NameCombobox label={`Skill ${i + 1}`} value={s.name} options={SKILL_SUGGESTIONS} onChange={(name) => set({ skills: form.skills.map((x, j) => (j === i ? { ...x, name } : x)) })} />
            <label>
              Level
              <select className="select" value={s.level} onChange={(e) => set({ skills: form.skills.map((x, j) => (j === i ? { ...x, level: e.target.value as SkillLevel } : x)) })}>
                {SKILL_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {LEVEL_LABELS[l]}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="btn btn-secondary" aria-label={`Remove skill ${i + 1}`} onClick={() => set({ skills: form.skills.filter((_, j) => j !== i) })}>
              ✕
            </button>
          </div>
        ))}
        <button type="button" className="btn btn-secondary" onClick={() => set({ skills: [...form.skills, { name: '', level: 'good' }] })}>
          {RESUME_MSG.addSkill}
        </button>
      </fieldset>

      <fieldset>
        <legend>Languages</legend>
        {form.languages.map((l, i) => (
          <div key={i} className="resume-name-row" data-testid="language">
            <NameCombobox label={`Language ${i + 1}`} value={l.name} options={LANGUAGE_SUGGESTIONS} onChange={(name) => set({ languages: form.languages.map((x, j) => (j === i ? { ...x, name } : x)) })} />
            <label>
              Level
              <select className="select" value={l.level} onChange={(e) => set({ languages: form.languages.map((x, j) => (j === i ? { ...x, level: e.target.value as LanguageLevel } : x)) })}>
                {LANGUAGE_LEVELS.map((v) => (
                  <option key={v} value={v}>
                    {LEVEL_LABELS[v]}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="btn btn-secondary" aria-label={`Remove language ${i + 1}`} onClick={() => set({ languages: form.languages.filter((_, j) => j !== i) })}>
              ✕
            </button>
          </div>
        ))}
        <button type="button" className="btn btn-secondary" onClick={() => set({ languages: [...form.languages, { name: '', level: 'fluent' }] })}>
          {RESUME_MSG.addLanguage}
        </button>
      </fieldset>

      <fieldset>
        <legend>Accents</legend>
        {form.accents.map((a, i) => (
          <div key={i} className="resume-name-row">
            <NameCombobox label={`Accent ${i + 1}`} value={a} options={ACCENT_SUGGESTIONS} onChange={(name) => set({ accents: form.accents.map((x, j) => (j === i ? name : x)) })} />
            <button type="button" className="btn btn-secondary" aria-label={`Remove accent ${i + 1}`} onClick={() => set({ accents: form.accents.filter((_, j) => j !== i) })}>
              ✕
            </button>
          </div>
        ))}
        <button type="button" className="btn btn-secondary" onClick={() => set({ accents: [...form.accents, ''] })}>
          {RESUME_MSG.addAccent}
        </button>
      </fieldset>

      <fieldset>
        <legend>Union, height and weight</legend>
        <label>
          Union
          <select className="select" value={form.union.status} onChange={(e) => set({ union: { status: e.target.value as UnionStatus, name: e.target.value === 'none' ? '' : form.union.name } })}>
            {UNION_STATUSES.map((u) => (
              <option key={u} value={u}>
                {UNION_LABELS[u]}
              </option>
            ))}
          </select>
        </label>
        {form.union.status !== 'none' && (
          <label>
            Union name
            <input className="input" value={form.union.name} onChange={(e) => set({ union: { ...form.union, name: e.target.value } })} />
          </label>
        )}
        <label>
          Height (cm)
          <input className="input" inputMode="numeric" value={form.heightCm ?? ''} onChange={(e) => set({ heightCm: numberOrNull(e.target.value) })} />
        </label>
        <label>
          Show height in
          <select className="select" value={form.units.height} onChange={(e) => set({ units: { ...form.units, height: e.target.value as Form['units']['height'] } })}>
            <option value="cm">cm</option>
            <option value="ftin">ft/in</option>
          </select>
        </label>
        <label>
          Weight (kg)
          <input className="input" inputMode="numeric" value={form.weightKg ?? ''} onChange={(e) => set({ weightKg: numberOrNull(e.target.value) })} />
        </label>
        <label>
          Show weight in
          <select className="select" value={form.units.weight} onChange={(e) => set({ units: { ...form.units, weight: e.target.value as Form['units']['weight'] } })}>
            <option value="kg">kg</option>
            <option value="lb">lb</option>
          </select>
        </label>
      </fieldset>

      <button type="submit" className="btn btn-primary">
        Save résumé
      </button>
    </form>
      {guard.dialog}
    </main>
  );
}
