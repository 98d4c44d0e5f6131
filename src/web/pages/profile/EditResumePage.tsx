/**
 * /editResume: the performer's résumé editor (docs/resume.md): credits added, moved up and
 * down (focus stays on the moved credit) and removed; training; skills, languages and
 * accents with suggestions; union and agent; height in cm or ft/in and weight in kg or lb,
 * as studios will see them; measurements. A refused save shows every problem at its field
 * (the server's `problems`), focus on the first; a save moves focus to its message.
 * Leaving with unsaved changes asks first.
 */
import { Link } from 'react-router';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Resume, ResumeBody } from '../../../contract/resume';
import {
  ACCENT_SUGGESTIONS,
  cmToFeetInches,
  CREDIT_CATEGORIES,
  CREDIT_CATEGORY_LABELS,
  feetInchesToCm,
  kgToLb,
  LANGUAGE_LEVELS,
  LANGUAGE_SUGGESTIONS,
  lbToKg,
  LEVEL_LABELS,
  latestYear,
  RESUME_FORM as F,
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
import { downloadPdf, useResume } from '../../api/resume';
import { useSaveResume } from '../../api/save-resume';
import { ApiError } from '../../api/client';
import { FormField } from '../../components/FormField';
import { NO_RULES, useFieldProblems } from '../../components/useFieldProblems';
import { NameCombobox } from '../../components/NameCombobox';
import { RemoveButton } from '../../components/RemoveButton';
import { useToast } from '../../components/Toasts';
import { useLeaveGuard } from '../../components/useLeaveGuard';
import { useUserData } from '../../api/user-data';
import { MSG } from '../../../contract/messages';
import { heightFromCm, weightFromKg } from '../../../contract/units';
import './profile.css';

type Credit = Resume['credits'][number];
type Saved = Omit<Resume, 'height' | 'weight'>;
/** The form as typed: numbers as text, so a wrong one reaches the server and comes back at its field. */
interface Form extends Omit<Saved, 'heightCm' | 'weightKg' | 'measurements' | 'credits' | 'training' | 'representation'> {
  credits: (Omit<Credit, 'year'> & { year: string })[];
  training: { course: string; school: string; year: string }[];
  representation: { agency: string; contact: string; email: string; phone: string };
  heightCm: string;
  feet: string;
  inches: string;
  weight: string;
  measurements: { chestCm: string; waistCm: string; hipsCm: string; shoeEu: string };
}

const str = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
/** A typed number: empty is none, a number is sent as one, anything else as typed (the server names the field). */
const num = (v: string): number | string | null => (v.trim() === '' ? null : Number.isFinite(Number(v)) ? Number(v) : v);

function toForm(r: Saved): Form {
  const ft = r.heightCm === null ? null : cmToFeetInches(r.heightCm);
  return {
    ...r,
    credits: r.credits.map((c) => ({ ...c, year: String(c.year) })),
    training: r.training.map((t) => ({ ...t, year: str(t.year) })),
    representation: r.representation ?? { agency: '', contact: '', email: '', phone: '' },
    heightCm: str(r.heightCm),
    feet: ft ? String(ft.feet) : '',
    inches: ft ? String(ft.inches) : '',
    weight: r.weightKg === null ? '' : String(r.units.weight === 'lb' ? kgToLb(r.weightKg) : r.weightKg),
    measurements: { chestCm: str(r.measurements.chestCm), waistCm: str(r.measurements.waistCm), hipsCm: str(r.measurements.hipsCm), shoeEu: str(r.measurements.shoeEu) },
  };
}

function toBody(f: Form): ResumeBody {
  const height = f.units.height === 'cm' ? num(f.heightCm) : f.feet.trim() === '' && f.inches.trim() === '' ? null : feetInchesToCm(Number(f.feet || 0), Number(f.inches || 0));
  const weight = num(f.weight);
  const rep = f.representation;
  const measurements = Object.fromEntries(Object.entries(f.measurements).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, num(v)]));
  // Numbers typed wrongly go as typed: the server's refusal names their field (docs/resume.md).
  return {
    credits: f.credits.map((c) => ({ ...c, year: num(c.year) })),
    training: f.training.map((t) => ({ ...t, year: num(t.year) })),
    skills: f.skills,
    languages: f.languages,
    accents: f.accents,
    union: f.union,
    representation: rep.agency || rep.contact || rep.email || rep.phone ? rep : null,
    heightCm: typeof height === 'number' && Number.isNaN(height) ? `${f.feet}'${f.inches}` : height,
    weightKg: typeof weight === 'number' && f.units.weight === 'lb' ? lbToKg(weight) : weight,
    measurements,
    measurementsPublic: f.measurementsPublic,
    units: f.units,
  } as ResumeBody;
}

/** The element id of a field by its path in the body ("credits.2.role"). */
const fid = (path: string) => `resume-${path.replace(/\./g, '-')}`;
/** Where a problem of the body shows: the feet input stands for heightCm in ft/in. */
const shownAt = (path: string, f: Form) => (path === 'heightCm' && f.units.height === 'ftin' ? 'feet' : path === 'weightKg' ? 'weight' : path);

/** Every field's body path, in the form's order (focus goes to the first wrong one). */
function pathsOf(f: Form): string[] {
  return [
    ...f.credits.flatMap((_, i) => ['category', 'production', 'role', 'company', 'director', 'year'].map((k) => `credits.${i}.${k}`)),
    ...f.training.flatMap((_, i) => ['course', 'school', 'year'].map((k) => `training.${i}.${k}`)),
    ...f.skills.flatMap((_, i) => [`skills.${i}.name`, `skills.${i}.level`]),
    ...f.languages.flatMap((_, i) => [`languages.${i}.name`, `languages.${i}.level`]),
    ...f.accents.map((_, i) => `accents.${i}`),
    'union.status',
    ...(f.union.status === 'none' ? [] : ['union.name']),
    ...['agency', 'contact', 'email', 'phone'].map((k) => `representation.${k}`),
    ...['chestCm', 'waistCm', 'hipsCm', 'shoeEu'].map((k) => `measurements.${k}`),
  ];
}

const newCredit = (): Form['credits'][number] => ({ category: 'film', role: '', production: '', company: '', director: '', year: String(latestYear() - 1) });

/** Reads the résumé through src/web/api (useResume); the editor starts from it once it has arrived. */
export default function EditResumePage() {
  const resume = useResume();
  if (!resume.data) {
    return (
      <main className="page edit-page">
        <p className="muted" role={resume.isError ? 'alert' : 'status'}>
          {resume.isError ? resume.error.message : MSG.loading}
        </p>
      </main>
    );
  }
  const { height: _h, weight: _w, ...r } = resume.data;
  return <ResumeEditor start={r} />;
}

function ResumeEditor({ start }: { start: Saved }) {
  const { user } = useUserData();
  // Later answers are the form's own saves: the read's refetches never overwrite what is typed.
  const [initial, setInitial] = useState<Form>(() => toForm(start));
  const [form, setForm] = useState<Form>(() => toForm(start));
  const [saved, setSaved] = useState(false);
  const focusNext = useRef<string | null>(null);
  const savedRef = useRef<HTMLParagraphElement>(null);
  const toast = useToast();
  const shape = pathsOf(form).join(' ');
  const ids = useMemo(() => Object.fromEntries(shape.split(' ').map((path) => [path, fid(path)])) as Record<string, string>, [shape]);
  const fields = useFieldProblems<string>(NO_RULES, ids);
  const problems = fields.problems;
  const save = useSaveResume({
    overlay: F.saving,
    onSuccess: ({ height: _h, weight: _w, ...r }) => {
      setForm(toForm(r));
      setInitial(toForm(r));
      fields.reset();
      setSaved(true);
    },
    // Every problem the server listed at its field (docs/resume.md); one about no field of the form is listed above it.
    onError: (err) => {
      if (err instanceof ApiError && err.problems?.length) {
        const found: Record<string, string> = {};
        for (const p of err.problems) found[shownAt(p.field, form)] ??= p.msg;
        if (!fields.show(found) && !Object.keys(found).some((path) => Object.hasOwn(ids, path))) focusNext.current = 'resume-problems';
        setForm({ ...form });
      } else {
        toast(err.message);
      }
    },
  });

  // Focus follows an action: the moved credit, the next one after a removal, the first wrong field, the saved message.
  useEffect(() => {
    if (!focusNext.current) return;
    const el = document.getElementById(focusNext.current);
    focusNext.current = null;
    el?.focus();
  });
  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);

  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(initial), [form, initial]);
  const guard = useLeaveGuard(dirty);

  const set = (change: Partial<Form>) => {
    setSaved(false);
    setForm({ ...form, ...change });
  };
  const clear = (path: string) => fields.clear(path);
  const setCredit = (i: number, change: Partial<Form['credits'][number]>) => set({ credits: form.credits.map((c, j) => (j === i ? { ...c, ...change } : c)) });
  const setCourse = (i: number, change: Partial<Form['training'][number]>) => set({ training: form.training.map((c, j) => (j === i ? { ...c, ...change } : c)) });
  const move = (i: number, by: -1 | 1) => {
    const credits = [...form.credits];
    const [c] = credits.splice(i, 1);
    credits.splice(i + by, 0, c!);
    const to = i + by;
    // Keep focus on the moved credit's button; at an end, on the one still enabled.
    const atEnd = (by < 0 && to === 0) || (by > 0 && to === credits.length - 1);
    focusNext.current = `credit-${to}-${by < 0 ? (atEnd ? 'down' : 'up') : atEnd ? 'up' : 'down'}`;
    set({ credits });
  };
  const removeCredit = (i: number) => {
    const credits = form.credits.filter((_, j) => j !== i);
    focusNext.current = credits.length ? `credit-${Math.min(i, credits.length - 1)}-remove` : 'credit-add';
    set({ credits });
  };

  /** A text input with its label and its problem. */
  const input = (path: string, label: string, value: string, onChange: (v: string) => void, extra: { inputMode?: 'numeric' | 'decimal' | 'email' | 'tel' } = {}) => (
    <FormField id={fid(path)} label={label} error={problems[path] || null}>
      {(a) => (
        <input
          {...a}
          className="input"
          value={value}
          inputMode={extra.inputMode}
          type={extra.inputMode === 'email' ? 'email' : 'text'}
          onChange={(e) => {
            clear(path);
            onChange(e.target.value);
          }}
        />
      )}
    </FormField>
  );
  const select = (path: string, label: string, value: string, options: readonly string[], labels: Record<string, string>, onChange: (v: string) => void) => (
    <FormField id={fid(path)} label={label} error={problems[path] || null}>
      {(a) => (
        <select {...a} className="select" value={value} onChange={(e) => { clear(path); onChange(e.target.value); }}>
          {options.map((o) => (
            <option key={o} value={o}>
              {labels[o]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
  const removeButton = (what: string, i: number, onClick: () => void, id?: string): ReactNode => (
    <RemoveButton id={id} label={F.remove(what, i + 1)} onClick={onClick} />
  );

  function handleSave(e: FormEvent) {
    e.preventDefault();
    if (save.isPending) return;
    setSaved(false);
    save.mutate(toBody(form));
  }

  async function handleDownload(name: 'comp-card' | 'resume') {
    if (!user) return;
    try {
      await downloadPdf(user._id, name);
    } catch (err) {
      toast((err as Error).message);
    }
  }

  const unplaced = Object.entries(problems).filter(([path, msg]) => msg && !document.getElementById(fid(path)));
  const count = Object.values(problems).filter(Boolean).length;
  const rep = form.representation;
  const setRep = (change: Partial<Form['representation']>) => set({ representation: { ...rep, ...change } });
  const m = form.measurements;
  const setM = (change: Partial<Form['measurements']>) => set({ measurements: { ...m, ...change } });

  return (
    <main className="page edit-page">
      <form className="resume-editor card" onSubmit={handleSave} aria-labelledby="resume-title" noValidate>
        <h1 id="resume-title">{RESUME_MSG.editResume}</h1>
        <div className="resume-downloads">
          <button type="button" className="btn btn-secondary" onClick={() => void handleDownload('comp-card')}>
            {RESUME_MSG.downloadCompCard}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => void handleDownload('resume')}>
            {RESUME_MSG.downloadResume}
          </button>
        </div>
        {count > 0 && (
          <div id="resume-problems" className="field-error" role="alert" tabIndex={-1}>
            <p>{F.fixBelow(count)}</p>
            {unplaced.length > 0 && (
              <ul>
                {unplaced.map(([path, msg]) => (
                  <li key={path}>{msg}</li>
                ))}
              </ul>
            )}
          </div>
        )}

        <fieldset>
          <legend>{F.legendCredits}</legend>
          {form.credits.length === 0 && <p className="muted">{RESUME_MSG.noCredits}</p>}
          <ol className="resume-list">
            {form.credits.map((c, i) => (
              <li key={i} className="resume-credit" data-testid="credit">
                {select(`credits.${i}.category`, F.category, c.category, CREDIT_CATEGORIES, CREDIT_CATEGORY_LABELS, (v) => setCredit(i, { category: v as CreditCategory }))}
                {input(`credits.${i}.production`, F.production, c.production, (v) => setCredit(i, { production: v }))}
                {input(`credits.${i}.role`, F.role, c.role, (v) => setCredit(i, { role: v }))}
                {input(`credits.${i}.company`, F.company, c.company, (v) => setCredit(i, { company: v }))}
                {input(`credits.${i}.director`, F.director, c.director, (v) => setCredit(i, { director: v }))}
                {input(`credits.${i}.year`, F.year, c.year, (v) => setCredit(i, { year: v }), { inputMode: 'numeric' })}
                <div className="resume-row-actions">
                  <button type="button" id={`credit-${i}-up`} className="btn btn-secondary" aria-label={F.moveUp('credit', i + 1)} disabled={i === 0} onClick={() => move(i, -1)}>
                    ↑
                  </button>
                  <button type="button" id={`credit-${i}-down`} className="btn btn-secondary" aria-label={F.moveDown('credit', i + 1)} disabled={i === form.credits.length - 1} onClick={() => move(i, 1)}>
                    ↓
                  </button>
                  {removeButton('credit', i, () => removeCredit(i), `credit-${i}-remove`)}
                </div>
              </li>
            ))}
          </ol>
          <button
            type="button"
            id="credit-add"
            className="btn btn-secondary"
            onClick={() => {
              focusNext.current = fid(`credits.${form.credits.length}.category`);
              set({ credits: [...form.credits, newCredit()] });
            }}
          >
            {RESUME_MSG.addCredit}
          </button>
        </fieldset>

        <fieldset>
          <legend>{F.legendTraining}</legend>
          <ol className="resume-list">
            {form.training.map((t, i) => (
              <li key={i} className="resume-credit" data-testid="course">
                {input(`training.${i}.course`, F.course, t.course, (v) => setCourse(i, { course: v }))}
                {input(`training.${i}.school`, F.school, t.school, (v) => setCourse(i, { school: v }))}
                {input(`training.${i}.year`, F.year, t.year, (v) => setCourse(i, { year: v }), { inputMode: 'numeric' })}
                <div className="resume-row-actions">{removeButton('training', i, () => set({ training: form.training.filter((_, j) => j !== i) }))}</div>
              </li>
            ))}
          </ol>
          <button type="button" className="btn btn-secondary" onClick={() => {
              focusNext.current = fid(`training.${form.training.length}.course`);
              set({ training: [...form.training, { course: '', school: '', year: '' }] });
            }}>
            {RESUME_MSG.addCourse}
          </button>
        </fieldset>

        <fieldset>
          <legend>{F.legendSkills}</legend>
          {form.skills.map((s, i) => (
            <div key={i} className="resume-name-row" data-testid="skill">
              <NameCombobox
                label={RESUME_MSG.skill(i + 1)}
                inputId={fid(`skills.${i}.name`)}
                error={problems[`skills.${i}.name`] || null}
                value={s.name}
                options={SKILL_SUGGESTIONS}
                onChange={(name) => { clear(`skills.${i}.name`); set({ skills: form.skills.map((x, j) => (j === i ? { ...x, name } : x)) }); }}
              />
              {select(`skills.${i}.level`, F.level, s.level, SKILL_LEVELS, LEVEL_LABELS, (v) => set({ skills: form.skills.map((x, j) => (j === i ? { ...x, level: v as SkillLevel } : x)) }))}
              {removeButton('skill', i, () => set({ skills: form.skills.filter((_, j) => j !== i) }))}
            </div>
          ))}
          <button type="button" className="btn btn-secondary" onClick={() => {
              focusNext.current = fid(`skills.${form.skills.length}.name`);
              set({ skills: [...form.skills, { name: '', level: 'good' }] });
            }}>
            {RESUME_MSG.addSkill}
          </button>
        </fieldset>

        <fieldset>
          <legend>{F.legendLanguages}</legend>
          {form.languages.map((l, i) => (
            <div key={i} className="resume-name-row" data-testid="language">
              <NameCombobox
                label={RESUME_MSG.language(i + 1)}
                inputId={fid(`languages.${i}.name`)}
                error={problems[`languages.${i}.name`] || null}
                value={l.name}
                options={LANGUAGE_SUGGESTIONS}
                onChange={(name) => { clear(`languages.${i}.name`); set({ languages: form.languages.map((x, j) => (j === i ? { ...x, name } : x)) }); }}
              />
              {select(`languages.${i}.level`, F.level, l.level, LANGUAGE_LEVELS, LEVEL_LABELS, (v) => set({ languages: form.languages.map((x, j) => (j === i ? { ...x, level: v as LanguageLevel } : x)) }))}
              {removeButton('language', i, () => set({ languages: form.languages.filter((_, j) => j !== i) }))}
            </div>
          ))}
          <button type="button" className="btn btn-secondary" onClick={() => {
              focusNext.current = fid(`languages.${form.languages.length}.name`);
              set({ languages: [...form.languages, { name: '', level: 'fluent' }] });
            }}>
            {RESUME_MSG.addLanguage}
          </button>
        </fieldset>

        <fieldset>
          <legend>{F.legendAccents}</legend>
          {form.accents.map((a, i) => (
            <div key={i} className="resume-name-row">
              <NameCombobox
                label={RESUME_MSG.accent(i + 1)}
                inputId={fid(`accents.${i}`)}
                error={problems[`accents.${i}`] || null}
                value={a}
                options={ACCENT_SUGGESTIONS}
                onChange={(name) => { clear(`accents.${i}`); set({ accents: form.accents.map((x, j) => (j === i ? name : x)) }); }}
              />
              {removeButton('accent', i, () => set({ accents: form.accents.filter((_, j) => j !== i) }))}
            </div>
          ))}
          <button type="button" className="btn btn-secondary" onClick={() => set({ accents: [...form.accents, ''] })}>
            {RESUME_MSG.addAccent}
          </button>
        </fieldset>

        <fieldset>
          <legend>{F.legendUnion}</legend>
          {select('union.status', F.union, form.union.status, UNION_STATUSES, UNION_LABELS, (v) => set({ union: { status: v as UnionStatus, name: v === 'none' ? '' : form.union.name } }))}
          {form.union.status !== 'none' && input('union.name', F.unionName, form.union.name, (v) => set({ union: { ...form.union, name: v } }))}
          {input('representation.agency', F.agency, rep.agency, (v) => setRep({ agency: v }))}
          {input('representation.contact', F.contact, rep.contact, (v) => setRep({ contact: v }))}
          {input('representation.email', F.email, rep.email, (v) => setRep({ email: v }), { inputMode: 'email' })}
          {input('representation.phone', F.phone, rep.phone, (v) => setRep({ phone: v }), { inputMode: 'tel' })}
        </fieldset>

        <fieldset>
          <legend>{F.legendBody}</legend>
          {/* Height and weight are entered once, in Appearance (docs/resume.md, "Units"); the résumé sends them back unchanged. */}
          <div className="resume-measures" data-testid="resume-height-weight">
            <ul className="resume-measures-list">
              {[
                [F.height, form.heightCm ? heightFromCm(Number(form.heightCm)) : F.notGiven],
                [F.weight, form.weight ? weightFromKg(form.units.weight === 'lb' ? lbToKg(Number(form.weight)) : Number(form.weight)) : F.notGiven],
              ].map(([label, value]) => (
                <li key={label}>
                  {label}: {value}
                </li>
              ))}
            </ul>
            <Link to="/editapperance">{F.editInAppearance}</Link>
          </div>
          {input('measurements.chestCm', F.chest, m.chestCm, (v) => setM({ chestCm: v }), { inputMode: 'numeric' })}
          {input('measurements.waistCm', F.waist, m.waistCm, (v) => setM({ waistCm: v }), { inputMode: 'numeric' })}
          {input('measurements.hipsCm', F.hips, m.hipsCm, (v) => setM({ hipsCm: v }), { inputMode: 'numeric' })}
          {input('measurements.shoeEu', F.shoe, m.shoeEu, (v) => setM({ shoeEu: v }), { inputMode: 'decimal' })}
          {/* Who sees chest, waist and hips (docs/resume.md, "Who sees measurements"). */}
          <label className="resume-check">
            <input
              type="checkbox"
              name="measurementsPublic"
              checked={form.measurementsPublic}
              aria-describedby="measurements-public-hint"
              onChange={(e) => set({ measurementsPublic: e.target.checked })}
            />
            {RESUME_MSG.measurementsPublic}
          </label>
          <p id="measurements-public-hint" className="muted">
            {RESUME_MSG.measurementsPublicHint}
          </p>
        </fieldset>

        <button type="submit" className="btn btn-primary">
          {F.save}
        </button>
        {saved && (
          <p ref={savedRef} tabIndex={-1} role="status" className="resume-saved">
            {RESUME_MSG.saved}
          </p>
        )}
      </form>
      {guard.dialog}
    </main>
  );
}
