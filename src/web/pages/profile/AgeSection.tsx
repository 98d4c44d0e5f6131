/**
 * The date of birth on /editProfile (docs/guardians.md, "Date of birth"): a date input a phone
 * shows its date picker for; when the date makes the performer under 18 the guardian's name and
 * e-mail appear and are required. The server's refusal shows at the field it names (`guardian`,
 * `guardian.email`, `dateOfBirth`); the profile's free-text age follows the saved date (the
 * server writes it). Its own form and save, so the rest of the editor is untouched.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { GUARDIAN_MSG } from '../../../contract/guardians-messages';
import { MSG } from '../../../contract/messages';
import type { AgeAnswer } from '../../../contract/guardians';
import { useAge } from '../../api/age';
import { useSaveAge } from '../../api/save-age';
import { FieldGroup, TextField } from '../../components/FormField';
import { useFieldProblems } from '../../components/useFieldProblems';
import { ageFields } from '../../../contract/field-rules';
import * as z from 'zod/mini';
import { ageOn, dobBounds, isMinorOn, utcDay } from '../../lib/age';

type Field = 'dateOfBirth' | 'guardian' | 'guardian.name' | 'guardian.email';
/** The input a field's problem sends the focus to (`guardian` as a whole: its name), in the form's order. */
const IDS: Record<Field, string> = { dateOfBirth: 'dateOfBirth', guardian: 'guardian-name', 'guardian.name': 'guardian-name', 'guardian.email': 'guardian-email' };

const formOf = (a: AgeAnswer) => ({ dateOfBirth: a.dateOfBirth ?? '', name: a.guardian?.name ?? '', email: a.guardian?.email ?? '' });

export function AgeSection() {
  const age = useAge();
  const [form, setForm] = useState<{ dateOfBirth: string; name: string; email: string } | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const bounds = dobBounds();
  const minor = form ? isMinorOn(form.dateOfBirth) : false;
  // The rules move with today's bounds and with the date (a minor needs a guardian).
  const { min, max } = bounds;
  const rules = useMemo(() => z.object(ageFields({ min, max }, minor)), [min, max, minor]);
  const fields = useFieldProblems<Field>(rules, IDS);

  // Prefill once; a later read must not overwrite what the performer is typing.
  useEffect(() => {
    if (age.data && !form) setForm(formOf(age.data));
  }, [age.data, form]);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const save = useSaveAge({
    fields: IDS,
    onSuccess: (saved) => {
      setForm(formOf(saved));
      setResult({ ok: true, text: saved.minor && saved.guardian && !saved.guardian.consentedAt ? `${GUARDIAN_MSG.ageSaved} ${GUARDIAN_MSG.waiting(saved.guardian.name)}` : GUARDIAN_MSG.ageSaved });
    },
    // A refusal about a field is shown there, and the focus goes to that field.
    onProblem: (field, msg) => fields.setProblem(field, msg),
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

  const years = /^\d{4}-\d{2}-\d{2}$/.test(form.dateOfBirth) && form.dateOfBirth < utcDay() ? ageOn(form.dateOfBirth, utcDay()) : null;
  const set = (key: 'dateOfBirth' | 'name' | 'email', value: string) => {
    setForm({ ...form, [key]: value });
    setResult(null);
    const field: Field = key === 'dateOfBirth' ? 'dateOfBirth' : key === 'name' ? 'guardian.name' : 'guardian.email';
    fields.clear(field);
    fields.clear('guardian');
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    setResult(null);
    if (!fields.check({ dateOfBirth: form.dateOfBirth, guardian: undefined, 'guardian.name': form.name, 'guardian.email': form.email })) return;
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
          error={fields.problems.dateOfBirth}
          hint={years !== null ? `Age ${years}` : undefined}
          onChange={(e) => set('dateOfBirth', e.target.value)}
        />
        {minor && (
          <FieldGroup id="guardian" className="age-section-guardian" legend="Guardian" hint={GUARDIAN_MSG.guardianHelp} error={fields.problems.guardian}>
            <TextField id="guardian-name" label={GUARDIAN_MSG.guardianNameLabel} required autoComplete="off" value={form.name} error={fields.problems['guardian.name']} onChange={(e) => set('name', e.target.value)} />
            <TextField
              id="guardian-email"
              label={GUARDIAN_MSG.guardianEmailLabel}
              type="email"
              inputMode="email"
              required
              autoComplete="off"
              value={form.email}
              error={fields.problems['guardian.email']}
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
