/**
 * /editapperance: the six appearance inputs, prefilled; name, location and gender are
 * sent along without inputs (docs/product.md §2). The tick checks every field and marks
 * each wrong one at once (docs/screens.md). After a save: "Saved" on /apperance, reloaded.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
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
import './profile.css';
import { MSG } from '../../../contract/messages';

const FIELDS = [
  ['age', 'Age'],
  ['height', 'Height'],
  ['weight', 'Weight'],
  ['bodyType', 'Body Type'],
  ['hairColor', 'Hair Color'],
  ['eyeColor', 'Eye Color'],
] as const;
type Key = (typeof FIELDS)[number][0];
type Form = Pick<UserProfile, Key>;
const LABELS = Object.fromEntries(FIELDS) as Record<Key, string>;

const formOf = (user: UserProfile): Form => ({ age: user.age, height: user.height, weight: user.weight, bodyType: user.bodyType, hairColor: user.hairColor, eyeColor: user.eyeColor });

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
    const problems = problemsOf(appearanceFields, form);
    const count = Object.keys(problems).length;
    if (count > 0) {
      setErrors(problems);
      toast(count === 1 ? Object.values(problems)[0]! : SCREEN_MSG.checkFields(count));
      // Focus on the first wrong field, not the Save button (issue 49, item 11).
      const first = Object.keys(problems)[0];
      if (first) window.setTimeout(() => document.getElementById(first)?.focus(), 0);
      return;
    }
    save.mutate({ fname: user.fname, location: user.location, gender: user.gender, ...form });
  }

  return (
    <main className="page edit-page">
      <form onSubmit={handleSave} noValidate>
        <EditBar title="Edit Profile" backLabel="Go back" saveLabel="Save appearance" back="arrow" parent="/apperance" />
        {form ? (
          <div className="edit-form card edit-grid">
            {FIELDS.map(([key, label]) => (
              <FormField key={key} id={key} label={label} error={errors[key]}>
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
