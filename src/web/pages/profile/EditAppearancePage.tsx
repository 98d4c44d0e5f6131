/**
 * /editapperance: the six appearance inputs, prefilled; name, location and gender are
 * sent along without inputs (docs/product.md §2). The tick checks every field and marks
 * each wrong one at once (docs/screens.md). After a save: "Saved" on /apperance, reloaded.
 */
import { Fragment, useEffect, useMemo, useState, type FormEvent } from 'react';
import type { UserProfile } from '../../../contract/profile';
import { appearanceFields, problemsOf } from '../../../contract/field-rules';
import { SCREEN_MSG } from '../../../contract/screen-messages';
import { useSaveAppearance } from '../../api/save-appearance';
import { FormField } from '../../components/FormField';
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

const formOf = (user: UserProfile): Form => ({ age: user.age, measures: measuresOf(user.height, user.weight), bodyType: user.bodyType, hairColor: user.hairColor, eyeColor: user.eyeColor });

export default function EditAppearancePage() {
  const { user } = useUserData();
  const [initial, setInitial] = useState<Form | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
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
      setErrors((all) => ({ ...all, [field]: msg }));
      toast(msg);
      document.getElementById(field)?.focus();
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
    // In the order of the screen, so focus lands on the first.
    const found: Partial<Record<Key, string>> = { ...problemsOf(appearanceFields, texts), ...measured.problems };
    const problems = Object.fromEntries((['age', 'height', 'weight', 'bodyType', 'hairColor', 'eyeColor'] as const).filter((k) => found[k]).map((k) => [k, found[k]!]));
    const count = Object.keys(problems).length;
    if (count > 0) {
      setErrors(problems);
      toast(count === 1 ? Object.values(problems)[0]! : SCREEN_MSG.checkFields(count));
      // Focus on the first wrong field, not the Save button (issue 49, item 11).
      const first = Object.keys(problems)[0];
      if (first) window.setTimeout(() => document.getElementById(first)?.focus(), 0);
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
                      setErrors(({ [key]: _fixed, ...rest }) => rest);
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
                    setErrors(({ [field]: _fixed, ...rest }) => rest);
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
