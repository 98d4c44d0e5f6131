/**
 * The performer's unavailable days on /profile (docs/talent.md, "Availability"): rows of
 * native date inputs and a private note, added and removed here and saved as one list.
 * Studios see the dates of a range that clashes with a shoot, never the note.
 */
import { FieldError, FormField } from '../../components/FormField';
import { useEffect, useMemo, useRef, useState } from 'react';
import { NO_RULES, useFieldProblems } from '../../components/useFieldProblems';
import { availabilityRowProblems } from '../../../contract/field-rules';
import { AVAILABILITY_LIMITS, AVAILABILITY_MSG } from '../../../contract/availability-texts';
import { useAvailability } from '../../api/availability';
import { useSaveAvailability, type AvailabilityRow } from '../../api/save-availability';

type Row = AvailabilityRow & { key: number };
let nextKey = 1;
const withKey = (r: AvailabilityRow): Row => ({ ...r, key: nextKey++ });

export function AvailabilityEditor() {
  const { data } = useAvailability();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [saved, setSaved] = useState(false);
  const [formError, setFormError] = useState('');
  const focusAfter = useRef<string | null>(null);
  const root = useRef<HTMLElement>(null);

  useEffect(() => {
    if (data && rows === null) setRows(data.unavailable.map(withKey));
  }, [data, rows]);

  // Focus lands on the result of the last action: a new row's first date, the add button after a removal, the field at fault, the saved note.
  useEffect(() => {
    if (!focusAfter.current) return;
    root.current?.querySelector<HTMLElement>(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  const list = rows ?? [];
  // Each row's fields by their name in the body (`unavailable.2.to`), in the form's order, and the input each one is.
  const count = list.length;
  const ids = useMemo(
    () => Object.fromEntries(Array.from({ length: count }, (_, i) => ['from', 'to', 'note'].map((f) => [`unavailable.${i}.${f}`, `availability-${i}-${f}`])).flat()) as Record<string, string>,
    [count],
  );
  const fields = useFieldProblems<string>(NO_RULES, ids);
  const problems = fields.problems;
  const save = useSaveAvailability({
    fields: ids,
    onSuccess: (answer) => {
      setRows(answer.unavailable.map(withKey));
      setSaved(true);
      focusAfter.current = '#availability-saved';
    },
    onProblem: (field, msg) => fields.show({ [field]: msg }),
    onError: (err) => {
      setFormError(err.message);
      focusAfter.current = '#availability-error';
    },
  });

  function change(i: number, field: keyof AvailabilityRow, value: string) {
    setRows(list.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
    setSaved(false);
    fields.clear(`unavailable.${i}.${field}`);
  }

  function add() {
    const today = new Date().toISOString().slice(0, 10);
    setRows([...list, withKey({ from: today, to: today, note: '' })]);
    setSaved(false);
    focusAfter.current = `[name="unavailable.${list.length}.from"]`;
  }

  function remove(i: number) {
    setRows(list.filter((_, j) => j !== i));
    fields.reset();
    setSaved(false);
    focusAfter.current = '#availability-add';
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setFormError('');
    setSaved(false);
    // The same checks as the server's, so a mistake shows at its field before the call.
    const found: Record<string, string> = {};
    list.forEach((r, i) => {
      for (const [field, msg] of Object.entries(availabilityRowProblems(r))) found[`unavailable.${i}.${field}`] = msg;
    });
    if (!fields.show(found)) return;
    save.mutate(list.map(({ from, to, note }) => ({ from, to, note })));
  }

  const input = (i: number, field: keyof AvailabilityRow) => {
    const name = `unavailable.${i}.${field}`;
    return {
      name,
      value: list[i]![field],
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => change(i, field, e.target.value),
    };
  };
  const problem = (i: number, field: keyof AvailabilityRow) => problems[`unavailable.${i}.${field}`];

  return (
    <section ref={root} className="details card availability" aria-labelledby="availability-title" data-testid="availability">
      <h2 id="availability-title">{AVAILABILITY_MSG.title}</h2>
      <p className="muted">{AVAILABILITY_MSG.intro}</p>
      {rows === null ? null : (
        <form onSubmit={submit} noValidate>
          {list.length === 0 && <p className="muted">{AVAILABILITY_MSG.empty}</p>}
          <ol className="availability-rows">
            {list.map((r, i) => (
              <li key={r.key} className="availability-row" data-testid="availability-row">
                <FormField id={`availability-${i}-from`} label={AVAILABILITY_MSG.from} error={problem(i, 'from')}>
                  {(a11y) => <input className="input" type="date" min={AVAILABILITY_LIMITS.dateFrom} {...input(i, 'from')} {...a11y} />}
                </FormField>
                <FormField id={`availability-${i}-to`} label={AVAILABILITY_MSG.to} error={problem(i, 'to')}>
                  {(a11y) => <input className="input" type="date" min={r.from || AVAILABILITY_LIMITS.dateFrom} {...input(i, 'to')} {...a11y} />}
                </FormField>
                <div className="availability-note">
                  <FormField id={`availability-${i}-note`} label={AVAILABILITY_MSG.note} error={problem(i, 'note')}>
                    {(a11y) => <input className="input" type="text" maxLength={AVAILABILITY_LIMITS.noteMax} {...input(i, 'note')} {...a11y} />}
                  </FormField>
                </div>
                <button type="button" className="btn btn-secondary" onClick={() => remove(i)} aria-label={`${AVAILABILITY_MSG.remove} ${r.from} – ${r.to}`}>
                  {AVAILABILITY_MSG.remove}
                </button>
              </li>
            ))}
          </ol>
          <div className="profile-portfolio-links">
            <button type="button" id="availability-add" className="btn btn-secondary" onClick={add} disabled={list.length >= AVAILABILITY_LIMITS.ranges}>
              {AVAILABILITY_MSG.add}
            </button>
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {AVAILABILITY_MSG.save}
            </button>
          </div>
          {saved && (
            <p id="availability-saved" role="status" tabIndex={-1}>
              {AVAILABILITY_MSG.saved}
            </p>
          )}
          <FieldError id="availability" error={formError} focusable />
        </form>
      )}
    </section>
  );
}
