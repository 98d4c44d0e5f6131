/**
 * /editapperance: the six appearance inputs, prefilled; name, location and gender are
 * sent along without inputs (docs/product.md §2). The tick checks every field and marks
 * each wrong one at once (docs/screens.md). After a save: "Saved" on /apperance, reloaded.
 */
import { Fragment, useEffect, useMemo, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import type { UserProfile } from '../../../contract/profile';
import { appearanceFields, problemsOf } from '../../../contract/field-rules';
import { SCREEN_MSG } from '../../../contract/screen-messages';
import { useSaveAppearance } from '../../api/save-appearance';
import { FormField } from '../../components/FormField';
import { useFieldProblems } from '../../components/useFieldProblems';
import { toastAfterReload, useToast } from '../../components/Toasts';
import { useLeaveGuard } from '../../components/useLeaveGuard';
import { focusAfterLoad } from '../../lib/focus-after-load';
import { useUserData } from '../../api/user-data';
import { EditBar } from './EditBar';
import { MeasureInputs } from './MeasureInputs';
import { measuresOf, textsOf, type Measures } from './measure-editor';
import './profile.css';
import { MSG } from '../../../contract/messages';

const FIELDS = [
  ['age', 'Age'],
  ['bodyType', 'Body Type'],
  ['hairColor', 'Hair Color'],
  ['eyeColor', 'Eye Color'],
] as const;
type TextKey = (typeof FIELDS)[number][0];
type Key = TextKey | 'height' | 'weight';
/** The texts typed, and height and weight as numbers with units (MeasureInputs). */
type Form = Pick<UserProfile, TextKey> & { measures: Measures };
const LABELS = { ...Object.fromEntries(FIELDS), height: 'Height', weight: 'Weight' } as Record<Key, string>;

// The screen's order (focus goes to the first wrong field); each field's id is its name.
const IDS: Record<Key, string> = { age: 'age', height: 'height', weight: 'weight', bodyType: 'bodyType', hairColor: 'hairColor', eyeColor: 'eyeColor' };
const rules = z.object(appearanceFields);

const formOf = (user: UserProfile): Form => ({ age: user.age, measures: measuresOf(user.height, user.weight), bodyType: user.bodyType, hairColor: user.hairColor, eyeColor: user.eyeColor });

export default function EditAppearancePage() {
  const { user } = useUserData();
  const [initial, setInitial] = useState<Form | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const fields = useFieldProblems(rules, IDS, LABELS);
  const errors = fields.problems;
  const toast = useToast();

  useEffect(() => {
    if (user && !form) {
      setForm(formOf(user));
      setInitial(formOf(user));
    }
  }, [user, form]);

  const dirty = useMemo(() => form !== null && initial !== null && JSON.stringify(form) !== JSON.stringify(initial), [form, initial]);
  const guard = useLeaveGuard(dirty);
  const save = useSaveAppearance({
    overlay: SCREEN_MSG.savingAppearance,
    onSuccess: () => {
      guard.release();
      toastAfterReload(SCREEN_MSG.saved);
      focusAfterLoad();
      window.location.assign('/apperance');
    },
    // The server's rule about one field is said there too, with the spec's toast.
    fields: LABELS,
    onProblem: (field, msg) => {
      fields.setProblem(field, msg);
      toast(msg);
    },
    onError: (err) => {
      console.error('appearance save failed', err);
      toast(err.message);
    },
  });

  function handleSave(e: FormEvent) {
    e.preventDefault();
    if (!form || !user || save.isPending) return;
    const measured = textsOf(form.measures);
    const texts = { age: form.age, height: measured.height, weight: measured.weight, bodyType: form.bodyType, hairColor: form.hairColor, eyeColor: form.eyeColor };
    // Every problem at once, at its field, focus on the first in the screen's order (issue 49, item 11).
    const found: Partial<Record<Key, string>> = { ...problemsOf(appearanceFields, texts), ...measured.problems };
    if (!fields.show(found)) {
      const problems = Object.values(found).filter(Boolean);
      toast(problems.length === 1 ? problems[0]! : SCREEN_MSG.checkFields(problems.length));
      return;
    }
    save.mutate({ fname: user.fname, location: user.location, gender: user.gender, ...texts });
  }

  return (
    <main className="page edit-page">
      <form onSubmit={handleSave} noValidate>
        <EditBar title="Edit Profile" backLabel="Go back" saveLabel="Save appearance" back="arrow" parent="/apperance" />
        {form ? (
          <div className="edit-form card edit-grid">
            {FIELDS.map(([key, label]) => (
              <Fragment key={key}>
              <FormField id={key} label={label} error={errors[key]}>
                {(props) => (
                  <input
                    {...props}
                    className="input"
                    value={form[key]}
                    onChange={(e) => {
                      setForm({ ...form, [key]: e.target.value });
                      fields.clear(key);
                    }}
                  />
                )}
              </FormField>
              {key === 'age' && (
                <MeasureInputs
                  value={form.measures}
                  errors={errors}
                  onChange={(measures, field) => {
                    setForm({ ...form, measures });
                    fields.clear(field);
                  }}
                />
              )}
              </Fragment>
            ))}
          </div>
        ) : (
          <p className="muted" role="status">{MSG.loading}</p>
        )}
      </form>
      {guard.dialog}
    </main>
  );
}
