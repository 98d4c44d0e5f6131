/**
 * /dashboard/studio: the studio edits its public page, with a live preview that cuts the
 * description where /studio-detail does (338 characters under the name, 900 in About us).
 */
import { useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { studioPageFields } from '../../../contract/field-rules';
import { JOB_LIMITS } from '../../../contract/jobs-limits';
import type { StudioMe } from '../../../contract/jobs';
import { LIMITS } from '../../../contract/limits';
import { MARKET_MSG } from '../../../contract/marketplace-messages';
import { MSG } from '../../../contract/messages';
import { useSaveStudioMe } from '../../api/save-studio-me';
import { uploadFile } from '../../api/storage';
import { FormField } from '../../components/FormField';
import { useFieldProblems } from '../../components/useFieldProblems';
import { useToast } from '../../components/Toasts';
import { cut, isCut } from '../../lib/text';
import './dashboard.css';
import { useStudioMe } from '../../api/studio-me';

type Form = Pick<StudioMe, 'fname' | 'location' | 'projectDesc' | 'number' | 'profilePic' | 'banner'>;
const LABELS: Record<keyof Form, string> = {
  fname: 'Name',
  location: 'Location',
  projectDesc: 'Description',
  number: 'Phone',
  profilePic: 'Picture',
  banner: 'Banner',
};

// The form's order: focus goes to the first wrong field (each field's id is its name).
const IDS: Record<keyof Form, string> = { fname: 'fname', location: 'location', number: 'number', projectDesc: 'projectDesc', profilePic: 'profilePic', banner: 'banner' };
const rules = z.object(studioPageFields);

export default function StudioEditPage() {
  const me = useStudioMe();
  if (me.isPending) return <main className="page"><p role="status">{MSG.loading}</p></main>;
  if (me.isError) return <main className="page"><p role="alert">{me.error.message}</p></main>;
  return <Editor initial={me.data} />;
}

function Editor({ initial }: { initial: StudioMe }) {
  const [form, setForm] = useState<Form>(() => {
    const { fname, location, projectDesc, number, profilePic, banner } = initial;
    return { fname, location, projectDesc, number, profilePic, banner };
  });
  const fields = useFieldProblems(rules, IDS, LABELS);
  const errors = fields.problems;
  const [progress, setProgress] = useState<Partial<Record<'profilePic' | 'banner', number>>>({});
  const toast = useToast();
  const save = useSaveStudioMe({
    fields: LABELS,
    onSuccess: () => {
      fields.reset();
      toast(MARKET_MSG.saved, 'success');
    },
    onProblem: (field, msg) => fields.setProblem(field, msg),
    onError: (err) => toast(err.message),
  });

  const set = (key: keyof Form, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    fields.clear(key);
  };

  async function upload(key: 'profilePic' | 'banner', file: File | undefined) {
    if (!file) return;
    try {
      setProgress((p) => ({ ...p, [key]: 0 }));
      const { url } = await uploadFile('images', file, { onProgress: (n) => setProgress((p) => ({ ...p, [key]: n })) });
      set(key, url);
    } catch (err) {
      fields.setProblem(key, (err as Error).message);
    } finally {
      setProgress((p) => ({ ...p, [key]: undefined }));
    }
  }

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending) return;
    // Every problem at once, focus on the first; the pictures are checked as they upload.
    if (!fields.check(form)) return;
    save.mutate(form);
  }

  return (
    <main className="page">
      <h1>Edit studio page</h1>
      <div className="editor">
        <form onSubmit={handleSubmit} noValidate aria-label="Studio page">
          <FormField id="fname" label={LABELS.fname} error={errors.fname}>
            {(a) => <input {...a} className="input" maxLength={LIMITS.nameMax} value={form.fname} onChange={(e) => set('fname', e.target.value)} />}
          </FormField>
          <FormField id="location" label={LABELS.location} error={errors.location}>
            {(a) => <input {...a} className="input" maxLength={JOB_LIMITS.locationMax} value={form.location} onChange={(e) => set('location', e.target.value)} />}
          </FormField>
          <FormField id="number" label={LABELS.number} error={errors.number}>
            {(a) => <input {...a} className="input" inputMode="numeric" value={form.number} onChange={(e) => set('number', e.target.value.replace(/\D/g, ''))} />}
          </FormField>
          <FormField
            id="projectDesc"
            label={LABELS.projectDesc}
            error={errors.projectDesc}
            hint={`${Array.from(form.projectDesc).length} characters: the first ${LIMITS.studioBannerChars} show under the name, the first ${LIMITS.studioAboutChars} in About us.`}
          >
            {(a) => <textarea {...a} className="textarea" rows={10} maxLength={JOB_LIMITS.studioDescMax} value={form.projectDesc} onChange={(e) => set('projectDesc', e.target.value)} />}
          </FormField>
          <div className="pictures">
            {(['profilePic', 'banner'] as const).map((key) => (
              <FormField key={key} id={key} label={`${LABELS[key]} (image)`} error={errors[key]} hint={progress[key] !== undefined ? MSG.uploading(progress[key]) : undefined}>
                {(a) => <input {...a} type="file" accept="image/jpeg,image/png,image/webp" className="input" onChange={(e) => void upload(key, e.target.files?.[0])} />}
              </FormField>
            ))}
          </div>
          <div className="form-actions">
            {/* aria-disabled, not disabled: a disabled button drops the focus to the body (docs/screens.md, "Focus after actions"). */}
            <button type="submit" className="btn" aria-disabled={save.isPending}>Save</button>
          </div>
        </form>
        <Preview form={form} verified={initial.verified} />
      </div>
    </main>
  );
}

function Preview({ form, verified }: { form: Form; verified: boolean }) {
  return (
    <section className="preview" aria-label="Preview of the public page">
      <h2>Preview</h2>
      {form.banner ? <img className="preview-banner" src={form.banner} alt="" /> : <div className="preview-banner" />}
      <div className="preview-head">
        {form.profilePic ? <img className="preview-logo" src={form.profilePic} alt="" /> : <div className="preview-logo" />}
        <div>
          <h3>{form.fname || MARKET_MSG.studioName}</h3>
          <p className="muted">{form.location}</p>
        </div>
      </div>
      {!verified && <p className="dashboard-notice">{MARKET_MSG.unverified}</p>}
      <p data-testid="preview-intro">
        {cut(form.projectDesc, LIMITS.studioBannerChars)}
        {isCut(form.projectDesc, LIMITS.studioBannerChars) && '…'}
      </p>
      <h3>About Us</h3>
      <p className="preview-about" data-testid="preview-about">
        {cut(form.projectDesc, LIMITS.studioAboutChars)}
        {isCut(form.projectDesc, LIMITS.studioAboutChars) && '…'}
      </p>
    </section>
  );
}
