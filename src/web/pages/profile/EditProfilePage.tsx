/**
 * /editProfile: name with title, location, gender, profession, profile URL and a photo.
 * The tick saves in the spec's order: the form, then the chosen photo uploaded and
 * registered, then /info. The overlay always ends; a failure shows the server's
 * message and keeps what the user typed.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { GENDERS, PROFESSIONS, TITLES } from '../../../contract/profile-options';
import { MSG } from '../../../contract/messages';
import type { UserProfile } from '../../../contract/profile';
import { registerProfilePic, updateBasicInfo } from '../../api/profile';
import { uploadFile } from '../../api/storage';
import { useBusy } from '../../components/Busy';
import { useToast } from '../../components/Toasts';
import { session } from '../../lib/session';
import { refreshUserData, useUserData } from '../../api/user-data';
import { EditBar } from './EditBar';
import './profile.css';

type Form = Pick<UserProfile, 'pronoun' | 'fname' | 'location' | 'gender' | 'category' | 'profileUrl' | 'profilePic'>;

/** "www.me.com" becomes "https://www.me.com"; an empty address stays empty. */
const withScheme = (url: string) => (url && !/^[a-z]+:\/\//i.test(url) ? `https://${url}` : url);

export default function EditProfilePage() {
  const { user } = useUserData();
  const [form, setForm] = useState<Form | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const toast = useToast();
  const { run, setLabel } = useBusy();
  const navigate = useNavigate();

  // Prefill once; later polls must not overwrite what the user is typing.
  useEffect(() => {
    if (user && !form) setForm({ pronoun: user.pronoun, fname: user.fname, location: user.location, gender: user.gender, category: user.category, profileUrl: user.profileUrl, profilePic: user.profilePic });
  }, [user, form]);

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const set = (field: keyof Form, value: string) => setForm((f) => (f ? { ...f, [field]: value } : f));

  async function handleSave(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    try {
      await run(async () => {
        const body = new FormData();
        const fields = { ...form, profileUrl: withScheme(form.profileUrl.trim()) };
        for (const [k, v] of Object.entries(fields)) body.append(k, v);
        let saved = await updateBasicInfo(body);
        if (photo) {
          const { url } = await uploadFile('images', photo, { purpose: 'profile', onProgress: (percent) => setLabel(MSG.uploading(percent)) });
          await registerProfilePic(url);
          saved = { ...saved, profilePic: url };
        }
        session.rememberSavedProfile(saved);
        await refreshUserData();
      }, 'Saving your profile…');
      navigate('/info');
    } catch (err) {
      toast((err as Error).message);
    }
  }

  const picture = preview ?? form?.profilePic ?? '';
  return (
    <main className="page edit-page">
      <form onSubmit={handleSave} noValidate>
        <EditBar title="Edit Profile" backLabel="Cancel and go back" saveLabel="Save profile" />
        {form ? (
          <div className="edit-form card">
            <div className="field">
              <span style={{ fontSize: 'var(--text-sm)', fontWeight: 600 }}>Photo</span>
              <div className="photo-picker">
                {picture ? <img className="photo-preview" src={picture} alt="Your profile picture" width={96} height={96} /> : <span className="photo-preview" role="img" aria-label="No profile picture yet" />}
                <div className="photo-actions">
                  <input id="photo" className="visually-hidden" type="file" accept="image/*" onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} />
                  <label className="btn btn-secondary" htmlFor="photo">Choose photo</label>
                  {picture && (
                    <button type="button" className="btn btn-ghost" onClick={() => { setPhoto(null); set('profilePic', ''); }}>
                      Remove photo
                    </button>
                  )}
                </div>
              </div>
            </div>
            <div className="edit-grid">
              <div className="field span-2">
                <label htmlFor="fname">Name</label>
                <div className="name-row">
                  <select id="pronoun" className="select" aria-label="Title" value={form.pronoun} onChange={(e) => set('pronoun', e.target.value)}>
                    {TITLES.map((t) => <option key={t}>{t}</option>)}
                  </select>
                  <input id="fname" className="input" autoComplete="name" value={form.fname} onChange={(e) => set('fname', e.target.value)} />
                </div>
              </div>
              <div className="field">
                <label htmlFor="location">Location</label>
                <input id="location" className="input" autoComplete="address-level2" value={form.location} onChange={(e) => set('location', e.target.value)} />
              </div>
              <div className="field">
                <label htmlFor="gender">Gender</label>
                <select id="gender" className="select" value={form.gender} onChange={(e) => set('gender', e.target.value)}>
                  {GENDERS.map((g) => <option key={g}>{g}</option>)}
                </select>
              </div>
              <div className="field">
                <label htmlFor="category">Profession title</label>
                <select id="category" className="select" value={form.category} onChange={(e) => set('category', e.target.value)}>
                  {PROFESSIONS.map((p) => <option key={p}>{p}</option>)}
                </select>
              </div>
              <div className="field">
                <label htmlFor="profileUrl">Profile URL</label>
                <input id="profileUrl" className="input" type="url" inputMode="url" placeholder="https://" value={form.profileUrl} onChange={(e) => set('profileUrl', e.target.value)} />
              </div>
            </div>
          </div>
        ) : (
          <p className="muted" role="status">{MSG.loading}</p>
        )}
      </form>
    </main>
  );
}
