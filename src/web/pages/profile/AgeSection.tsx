/**
 * The date of birth on /editProfile (docs/guardians.md, "Date of birth"): a date input a phone
 * shows its date picker for; when the date makes the performer under 18 the guardian's name and
 * e-mail appear and are required. The server's refusal shows at the field it names (`guardian`,
 * `guardian.email`, `dateOfBirth`); the profile's free-text age follows the saved date (the
 * server writes it). Its own form and save, so the rest of the editor is untouched.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { GUARDIAN_MSG } from '../../../contract/guardians-messages';
import { MSG } from '../../../contract/messages';
import type { AgeAnswer } from '../../../contract/guardians';
import { useAge } from '../../api/age';
import { useSaveAge } from '../../api/save-age';
import { FieldGroup, TextField } from '../../components/FormField';
import { ageOn, dobBounds, isMinorOn, utcDay } from '../../lib/age';

type Field = 'dateOfBirth' | 'guardian' | 'guardian.name' | 'guardian.email';
const FIELDS: Record<Field, true> = { dateOfBirth: true, guardian: true, 'guardian.name': true, 'guardian.email': true };
/** The input a field's problem sends the focus to (`guardian` as a whole: its name). */
const INPUT_OF: Record<Field, string> = { dateOfBirth: 'dateOfBirth', guardian: 'guardian-name', 'guardian.name': 'guardian-name', 'guardian.email': 'guardian-email' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const formOf = (a: AgeAnswer) => ({ dateOfBirth: a.dateOfBirth ?? '', name: a.guardian?.name ?? '', email: a.guardian?.email ?? '' });

export function AgeSection() {
  const age = useAge();
  const [form, setForm] = useState<{ dateOfBirth: string; name: string; email: string } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const bounds = dobBounds();

  // Prefill once; a later read must not overwrite what the performer is typing.
  useEffect(() => {
    if (age.data && !form) setForm(formOf(age.data));
  }, [age.data, form]);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const save = useSaveAge({
    fields: FIELDS,
    onSuccess: (saved) => {
      setForm(formOf(saved));
      setResult({ ok: true, text: saved.minor && saved.guardian && !saved.guardian.consentedAt ? `${GUARDIAN_MSG.ageSaved} ${GUARDIAN_MSG.waiting(saved.guardian.name)}` : GUARDIAN_MSG.ageSaved });
    },
    // A refusal about a field is shown there, and the focus goes to that field.
    onProblem: (field, msg) => {
      setErrors((all) => ({ ...all, [field]: msg }));
      window.setTimeout(() => document.getElementById(INPUT_OF[field])?.focus(), 0);
    },
    onError: (err) => setResult({ ok: false, text: err.message }),
  });

  if (!form) {
    return (
      <section className="age-section card" aria-labelledby="age-title">
        <h2 id="age-title">{GUARDIAN_MSG.dobHeading}</h2>
        <p className="muted" role={age.isError ? 'alert' : 'status'}>{age.isError ? age.error.message : MSG.loading}</p>
      </section>
    );
  }

  const minor = isMinorOn(form.dateOfBirth);
  const years = /^\d{4}-\d{2}-\d{2}$/.test(form.dateOfBirth) && form.dateOfBirth < utcDay() ? ageOn(form.dateOfBirth, utcDay()) : null;
  const set = (key: 'dateOfBirth' | 'name' | 'email', value: string) => {
    setForm({ ...form, [key]: value });
    setResult(null);
    const field: Field = key === 'dateOfBirth' ? 'dateOfBirth' : key === 'name' ? 'guardian.name' : 'guardian.email';
    setErrors(({ [field]: _fixed, guardian: _group, ...rest }) => rest);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    const problems: Partial<Record<Field, string>> = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(form.dateOfBirth)) problems.dateOfBirth = GUARDIAN_MSG.dateOfBirthInvalid;
    else if (form.dateOfBirth > bounds.max) problems.dateOfBirth = GUARDIAN_MSG.dateOfBirthFuture;
    else if (form.dateOfBirth < bounds.min) problems.dateOfBirth = GUARDIAN_MSG.dateOfBirthTooOld;
    if (minor && !form.name.trim()) problems['guardian.name'] = GUARDIAN_MSG.guardianNameRequired;
    if (minor && !EMAIL.test(form.email.trim())) problems['guardian.email'] = form.email.trim() ? MSG.invalidEmail : GUARDIAN_MSG.guardianRequired;
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      setResult(null);
      document.getElementById(INPUT_OF[first as Field])?.focus();
      return;
    }
    setResult(null);
    save.mutate({ dateOfBirth: form.dateOfBirth, guardian: minor ? { name: form.name.trim(), email: form.email.trim() } : null });
  }

  return (
    <section className="age-section card" aria-labelledby="age-title">
      <h2 id="age-title">{GUARDIAN_MSG.dobHeading}</h2>
      <form onSubmit={submit} noValidate>
        <TextField
          id="dateOfBirth"
          label={GUARDIAN_MSG.dobLabel}
          type="date"
          min={bounds.min}
          max={bounds.max}
          autoComplete="bday"
          value={form.dateOfBirth}
          error={errors.dateOfBirth}
          hint={years !== null ? `Age ${years}` : undefined}
          onChange={(e) => set('dateOfBirth', e.target.value)}
        />
        {minor && (
          <FieldGroup id="guardian" className="age-section-guardian" legend="Guardian" hint={GUARDIAN_MSG.guardianHelp} error={errors.guardian}>
            <TextField id="guardian-name" label={GUARDIAN_MSG.guardianNameLabel} required autoComplete="off" value={form.name} error={errors['guardian.name']} onChange={(e) => set('name', e.target.value)} />
            <TextField
              id="guardian-email"
              label={GUARDIAN_MSG.guardianEmailLabel}
              type="email"
              inputMode="email"
              required
              autoComplete="off"
              value={form.email}
              error={errors['guardian.email']}
              onChange={(e) => set('email', e.target.value)}
            />
          </FieldGroup>
        )}
        <div className="age-section-actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
            {GUARDIAN_MSG.saveAge}
          </button>
        </div>
        {result && (
          <p ref={resultRef} tabIndex={-1} className={result.ok ? 'age-section-saved' : 'field-error'} role={result.ok ? 'status' : 'alert'} data-testid="age-result">
            {result.text}
          </p>
        )}
      </form>
    </section>
  );
}
