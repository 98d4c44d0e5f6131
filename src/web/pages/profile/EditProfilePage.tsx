/**
 * /editProfile: name with title, location, gender, profession, profile URL and a photo.
 * The tick checks every field and marks each wrong one at once; a chosen photo is checked
 * (type, size) the moment it is chosen. A save is all or nothing (docs/screens.md): the
 * photo goes up first, so a refused photo saves nothing; then the form, then the picture
 * registered (a refusal there puts the text back). Then "Saved" and /info. The overlay
 * always ends; a failure shows the server's message at its field and keeps the input.
 * Under it, the date of birth and, for a minor, the guardian (AgeSection, docs/guardians.md).
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { useNavigate } from 'react-router';
import { GENDERS, PROFESSIONS, TITLES } from '../../../contract/profile-options';
import { basicInfoFields, problemsOf } from '../../../contract/field-rules';
import { acceptedHint, fileProblem, looksLikeImage, typeRefusedMessage } from '../../../contract/file-checks';
import { CHOOSER_ACCEPT } from '../../../contract/media-options';
import { MSG } from '../../../contract/messages';
import { SCREEN_MSG } from '../../../contract/screen-messages';
import type { UserProfile } from '../../../contract/profile';
import { registerProfilePic, updateBasicInfo } from '../../api/profile';
import { uploadFile } from '../../api/storage';
import { useBusy } from '../../components/Busy';
import { FieldError, FormField, fieldA11y } from '../../components/FormField';
import { useFieldProblems } from '../../components/useFieldProblems';
import { useToast } from '../../components/Toasts';
import { useLeaveGuard } from '../../components/useLeaveGuard';
import { session } from '../../api/session';
import { refreshUserData, useUserData } from '../../api/user-data';
import { AgeSection } from './AgeSection';
import { EditBar } from './EditBar';
import './profile.css';

type Form = Pick<UserProfile, 'pronoun' | 'fname' | 'location' | 'gender' | 'category' | 'profileUrl' | 'profilePic'>;
type FieldKey = keyof typeof basicInfoFields | 'photo';
/** Each field's element id, in the screen's order (focus goes to the first wrong one); the server's `field` is one of these names. */
const IDS: Record<FieldKey, string> = { photo: 'photo', fname: 'fname', location: 'location', profileUrl: 'profileUrl' };
const rules = z.object(basicInfoFields);

/** "www.me.com" becomes "https://www.me.com"; an empty address stays empty. */
const withScheme = (url: string) => (url && !/^[a-z]+:\/\//i.test(url) ? `https://${url}` : url);

const formOf = (user: UserProfile): Form => ({ pronoun: user.pronoun, fname: user.fname, location: user.location, gender: user.gender, category: user.category, profileUrl: user.profileUrl, profilePic: user.profilePic });

export default function EditProfilePage() {
  const { user } = useUserData();
  const [initial, setInitial] = useState<Form | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const fields = useFieldProblems(rules, IDS);
  const errors = fields.problems;
  const toast = useToast();
  const { run, setLabel } = useBusy();
  const navigate = useNavigate();

  // Prefill once; later polls must not overwrite what the user is typing.
  useEffect(() => {
    if (user && !form) {
      setForm(formOf(user));
      setInitial(formOf(user));
    }
  }, [user, form]);

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const dirty = useMemo(() => Boolean(photo) || (form !== null && initial !== null && JSON.stringify(form) !== JSON.stringify(initial)), [form, initial, photo]);
  const guard = useLeaveGuard(dirty);

  const set = (field: keyof Form, value: string) => {
    setForm((f) => (f ? { ...f, [field]: value } : f));
    if (Object.hasOwn(IDS, field)) fields.clear(field as FieldKey);
  };

  async function choosePhoto(file: File | undefined) {
    if (!file) return;
    // By name and size first, then by content: a file that is not an image is refused here,
    // never shown as a broken picture (docs/screens.md, "Uploads").
    const problem = fileProblem('images', file) ?? (looksLikeImage(new Uint8Array(await file.slice(0, 12).arrayBuffer())) ? null : typeRefusedMessage('images'));
    if (problem) fields.setProblem('photo', problem);
    else fields.clear('photo');
    setPhoto(problem ? null : file);
  }

  async function handleSave(e: FormEvent) {
    e.preventDefault();
    if (!form || !initial) return;
    const values = { ...form, profileUrl: withScheme(form.profileUrl.trim()) };
    // Every problem at its field, focus on the first (not the Save button: issue 49, item 11), and the spec's toast.
    const found: Partial<Record<FieldKey, string>> = { ...problemsOf(basicInfoFields, values), photo: errors.photo };
    if (!fields.show(found)) {
      const problems = Object.values(found).filter(Boolean);
      toast(problems.length === 1 ? problems[0]! : SCREEN_MSG.checkFields(problems.length));
      return;
    }
    // Which part a refusal is about: the photo's upload and registration, or the form's fields (the server names those).
    let photoStep = Boolean(photo);
    try {
      await run(async () => {
        // The photo first: if it is refused, nothing of the form is saved either.
        const uploaded = photo ? await uploadFile('images', photo, { purpose: 'profile', onProgress: (percent) => setLabel(MSG.uploading(percent)) }) : null;
        const body = new FormData();
        for (const [k, v] of Object.entries(values)) body.append(k, v);
        photoStep = false;
        let saved = await updateBasicInfo(body);
        if (uploaded) {
          photoStep = true;
          try {
            await registerProfilePic(uploaded.url);
          } catch (err) {
            const undo = new FormData();
            for (const [k, v] of Object.entries(initial)) undo.append(k, v);
            await updateBasicInfo(undo).catch(() => {});
            throw err;
          }
          saved = { ...saved, profilePic: uploaded.url };
        }
        session.rememberSavedProfile(saved);
        await refreshUserData();
      }, 'Saving your profile…');
      guard.release();
      toast(SCREEN_MSG.saved, 'success');
      navigate('/info');
    } catch (err) {
      const message = (err as Error).message;
      // At the field the server named, else at the photo when its step failed; the toast says it too.
      if (!fields.setProblemFrom(err) && photoStep) fields.setProblem('photo', message);
      toast(message);
    }
  }

  const picture = preview ?? form?.profilePic ?? '';
  const a11y = (key: FieldKey) => fieldA11y(key, errors[key]);
  return (
    <main className="page edit-page">
      <form onSubmit={handleSave} noValidate>
        <EditBar title="Edit Profile" backLabel="Cancel and go back" saveLabel="Save profile" parent="/info" />
        {form ? (
          <div className="edit-form card">
            <div className="field">
              <span className="field-label">Photo</span>
              <div className="photo-picker">
                {picture ? <img className="photo-preview" src={picture} alt="Your profile picture" width={96} height={96} /> : <span className="photo-preview" role="img" aria-label="No profile picture yet" />}
                <div className="photo-actions">
                  <input
                    id="photo"
                    className="visually-hidden"
                    type="file"
                    accept={CHOOSER_ACCEPT.images}
                    {...fieldA11y('photo', errors.photo, true)}
                    onChange={(e) => {
                      void choosePhoto(e.target.files?.[0]);
                      e.target.value = '';
                    }}
                  />
                  <label className="btn btn-secondary" htmlFor="photo">Choose photo</label>
                  {picture && (
                    <button type="button" className="btn btn-ghost" onClick={() => { setPhoto(null); set('profilePic', ''); }}>
                      Remove photo
                    </button>
                  )}
                </div>
              </div>
              <p id="photo-hint" className="field-hint">{photo ? SCREEN_MSG.photoChosen(photo.name) : acceptedHint('images')}</p>
              <FieldError id="photo" error={errors.photo} />
            </div>
            <div className="edit-grid">
              <div className="field span-2">
                <label htmlFor="fname">Name</label>
                <div className="name-row">
                  <select id="pronoun" className="select" aria-label="Title" value={form.pronoun} onChange={(e) => set('pronoun', e.target.value)}>
                    {TITLES.map((t) => <option key={t}>{t}</option>)}
                  </select>
                  <input id="fname" className="input" autoComplete="name" value={form.fname} onChange={(e) => set('fname', e.target.value)} {...a11y('fname')} />
                </div>
                <FieldError id="fname" error={errors.fname} />
              </div>
              <FormField id="location" label="Location" error={errors.location}>
                {(props) => <input {...props} className="input" autoComplete="address-level2" value={form.location} onChange={(e) => set('location', e.target.value)} />}
              </FormField>
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
              <FormField id="profileUrl" label="Profile URL" error={errors.profileUrl}>
                {(props) => <input {...props} className="input" type="url" inputMode="url" placeholder="https://" value={form.profileUrl} onChange={(e) => set('profileUrl', e.target.value)} />}
              </FormField>
            </div>
          </div>
        ) : (
          <p className="muted" role="status">{MSG.loading}</p>
        )}
      </form>
      {/* Its own form: the date of birth and the guardian save apart (docs/guardians.md). */}
      {form && <AgeSection />}
      {guard.dialog}
    </main>
  );
}
