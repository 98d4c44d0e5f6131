/**
 * /editapperance: the six appearance inputs, prefilled; name, location and gender are
 * sent along without inputs (docs/product.md §2). After a save: /apperance, reloaded.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { UserProfile } from '../../../contract/profile';
import { updateAppearance } from '../../api/profile';
import { useBusy } from '../../components/Busy';
import { useToast } from '../../components/Toasts';
import { session } from '../../lib/session';
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
type Form = Pick<UserProfile, (typeof FIELDS)[number][0]>;

export default function EditAppearancePage() {
  const { user } = useUserData();
  const [form, setForm] = useState<Form | null>(null);
  const toast = useToast();
  const { run } = useBusy();

  useEffect(() => {
    if (user && !form) setForm({ age: user.age, height: user.height, weight: user.weight, bodyType: user.bodyType, hairColor: user.hairColor, eyeColor: user.eyeColor });
  }, [user, form]);

  async function handleSave(e: FormEvent) {
    e.preventDefault();
    if (!form || !user) return;
    try {
      await run(async () => {
        const body = new FormData();
        const fields = { fname: user.fname, location: user.location, gender: user.gender, ...form };
        for (const [k, v] of Object.entries(fields)) body.append(k, v);
        session.rememberSavedProfile(await updateAppearance(body));
      }, 'Saving your appearance…');
      window.location.assign('/apperance');
    } catch (err) {
      console.error('appearance save failed', err);
      toast((err as Error).message);
    }
  }

  return (
    <main className="page edit-page">
      <form onSubmit={handleSave} noValidate>
        <EditBar title="Edit Profile" backLabel="Go back" saveLabel="Save appearance" back="arrow" />
        {form ? (
          <div className="edit-form card edit-grid">
            {FIELDS.map(([key, label]) => (
              <div className="field" key={key}>
                <label htmlFor={key}>{label}</label>
                <input id={key} className="input" value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
              </div>
            ))}
          </div>
        ) : (
          <p className="muted" role="status">{MSG.loading}</p>
        )}
      </form>
    </main>
  );
}
