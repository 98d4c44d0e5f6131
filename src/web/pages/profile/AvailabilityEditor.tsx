/**
 * The performer's unavailable days on /profile (docs/talent.md, "Availability"): rows of
 * native date inputs and a private note, added and removed here and saved as one list.
 * Studios see the dates of a range that clashes with a shoot, never the note.
 */
import { FieldError, fieldA11y } from '../../components/FormField';
import { useEffect, useRef, useState } from 'react';
import { AVAILABILITY_LIMITS, AVAILABILITY_MSG } from '../../../contract/availability-texts';
import { useAvailability } from '../../api/availability';
import { useSaveAvailability, type AvailabilityRow } from '../../api/save-availability';

type Row = AvailabilityRow & { key: number };
let nextKey = 1;
const withKey = (r: AvailabilityRow): Row => ({ ...r, key: nextKey++ });

export function AvailabilityEditor() {
  const { data } = useAvailability();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
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
  const fields = Object.fromEntries(list.flatMap((_, i) => ['from', 'to', 'note'].map((f) => [`unavailable.${i}.${f}`, true]))) as Record<string, unknown>;
  const save = useSaveAvailability({
    fields,
    onSuccess: (answer) => {
      setRows(answer.unavailable.map(withKey));
      setSaved(true);
      focusAfter.current = '#availability-saved';
    },
    onProblem: (field, msg) => {
      setProblems({ [field]: msg });
      focusAfter.current = `[name="${field}"]`;
    },
    onError: (err) => {
      setFormError(err.message);
      focusAfter.current = '#availability-error';
    },
  });

  function change(i: number, field: keyof AvailabilityRow, value: string) {
    setRows(list.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
    setSaved(false);
    setProblems(({ [`unavailable.${i}.${field}`]: _gone, ...rest }) => rest);
  }

  function add() {
    const today = new Date().toISOString().slice(0, 10);
    setRows([...list, withKey({ from: today, to: today, note: '' })]);
    setSaved(false);
    focusAfter.current = `[name="unavailable.${list.length}.from"]`;
  }

  function remove(i: number) {
    setRows(list.filter((_, j) => j !== i));
    setProblems({});
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
      if (!r.from) found[`unavailable.${i}.from`] = AVAILABILITY_MSG.day('From');
      else if (!r.to) found[`unavailable.${i}.to`] = AVAILABILITY_MSG.day('To');
      else if (r.to < r.from) found[`unavailable.${i}.to`] = AVAILABILITY_MSG.order;
    });
    const first = Object.keys(found)[0];
    if (first) {
      setProblems(found);
      focusAfter.current = `[name="${first}"]`;
      return;
    }
    setProblems({});
    save.mutate(list.map(({ from, to, note }) => ({ from, to, note })));
  }

  const input = (i: number, field: keyof AvailabilityRow) => {
    const name = `unavailable.${i}.${field}`;
    const id = `availability-${i}-${field}`;
    return {
      id,
      name,
      ...fieldA11y(id, problems[name]),
      value: list[i]![field],
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => change(i, field, e.target.value),
    };
  };
  const problem = (i: number, field: keyof AvailabilityRow) => <FieldError id={`availability-${i}-${field}`} error={problems[`unavailable.${i}.${field}`]} />;

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
                <div className="field">
                  <label htmlFor={`availability-${i}-from`}>{AVAILABILITY_MSG.from}</label>
                  <input className="input" type="date" min={AVAILABILITY_LIMITS.dateFrom} {...input(i, 'from')} />
                  {problem(i, 'from')}
                </div>
                <div className="field">
                  <label htmlFor={`availability-${i}-to`}>{AVAILABILITY_MSG.to}</label>
                  <input className="input" type="date" min={r.from || AVAILABILITY_LIMITS.dateFrom} {...input(i, 'to')} />
                  {problem(i, 'to')}
                </div>
                <div className="field availability-note">
                  <label htmlFor={`availability-${i}-note`}>{AVAILABILITY_MSG.note}</label>
                  <input className="input" type="text" maxLength={AVAILABILITY_LIMITS.noteMax} {...input(i, 'note')} />
                  {problem(i, 'note')}
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
