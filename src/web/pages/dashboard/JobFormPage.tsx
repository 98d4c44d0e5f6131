/**
 * /dashboard/jobs/new and /dashboard/jobs/{id}: post or edit a job. What was typed stays
 * after an error, which shows at its field; up to 6 images, uploaded with progress,
 * reordered and removed. An existing job links to its applicant board, a screen of its own.
 */
import { AVAILABILITY_MSG } from '../../../contract/availability-texts';
import { useRef, useState, type FormEvent } from 'react';
import { useLeaveGuard } from '../../components/useLeaveGuard';
import { Link, useNavigate, useParams } from 'react-router';
import { JOB_GENDERS, JOB_LIMITS, JOB_PROFESSIONS } from '../../../contract/jobs-limits';
import type { JobCreateBody, OwnJob } from '../../../contract/jobs';
import { MARKET_MSG } from '../../../contract/marketplace-messages';
import { MSG } from '../../../contract/messages';
import { CONTROL, CONTROL_MULTILINE } from '../../../contract/field-rules';
import { CAST_MSG } from '../../../contract/casting-messages';
import { useCastRole } from '../../api/cast-role';
import { useDeleteJob } from '../../api/delete-job';
import { useSaveJob } from '../../api/save-job';
import { useConfirm } from '../../components/useConfirm';
import { CloseJobDialog } from './CloseJobDialog';
import { CLOSE_TEXT } from '../../../contract/decision-ends-texts';
import { uploadFile } from '../../api/storage';
import { FormField } from '../../components/FormField';
import { RemoveButton } from '../../components/RemoveButton';
import { NO_RULES, useFieldProblems } from '../../components/useFieldProblems';
import { useToast } from '../../components/Toasts';
import { BOARD_MSG } from '../../../contract/board-messages';
import { blankRole, roleBody, roleFieldId, roleFromJob, RolesEditor, type RoleForm } from './RolesEditor';
import './dashboard.css';
import { useOwnJobs } from '../../api/own-jobs';

interface Form {
  title: string;
  jobType: string;
  description: string;
  profession: string;
  gender: string;
  ageMin: string;
  ageMax: string;
  location: string;
  pay: string;
  deadline: string;
  /** The shoot's first range (docs/talent.md, "Availability"); further ranges sent by the API are kept as they are. */
  shootFrom: string;
  shootTo: string;
  images: string[];
}
type Key = keyof Form;
const LABELS: Record<Key, string> = {
  title: 'Title',
  jobType: 'Job type',
  description: 'Description',
  profession: 'Profession',
  gender: 'Gender',
  ageMin: 'Age from',
  ageMax: 'Age to',
  location: 'Location',
  pay: 'Pay',
  deadline: 'Deadline',
  shootFrom: 'Shoot from',
  shootTo: 'Shoot to',
  images: 'Images',
};
/** Each field's element id is its name, in the screen's order (focus goes to the first wrong one). */
const IDS = Object.fromEntries(Object.keys(LABELS).map((k) => [k, k])) as Record<Key, string>;
const blank: Form = { title: '', jobType: '', description: '', profession: 'Any', gender: 'Any', ageMin: '0', ageMax: '0', location: '', pay: '', deadline: '', shootFrom: '', shootTo: '', images: [] };

const fromJob = ({ roles: _roles, shootDates, ...job }: OwnJob): Form => ({
  ...job,
  shootFrom: shootDates[0]?.from ?? '',
  shootTo: shootDates[0]?.to ?? '',
  ageMin: String(job.ageMin),
  ageMax: String(job.ageMax),
  deadline: job.deadline ?? '',
  images: [...job.images],
});

/** The form's range first, then any others the job had. */
function shootDatesOf(form: Form, rest: { from: string; to: string }[]) {
  const from = form.shootFrom || form.shootTo;
  const to = form.shootTo || form.shootFrom;
  return from ? [{ from, to }, ...rest] : rest;
}

export default function JobFormPage() {
  const { id } = useParams();
  const isNew = !id || id === 'new';
  const jobs = useOwnJobs(!isNew);
  if (isNew) return <JobForm />;
  if (jobs.isPending) return <main className="page"><p role="status">{MSG.loading}</p></main>;
  const job = jobs.data?.jobs.find((j) => j._id === id);
  if (!job) return <main className="page"><h1>Job not found</h1><p>{MARKET_MSG.jobNotFound}</p><Link to="/dashboard">{MARKET_MSG.dashboard}</Link></main>;
  return <JobForm job={job} />;
}

function JobForm({ job }: { job?: OwnJob }) {
  const [form, setForm] = useState<Form>(job ? fromJob(job) : blank);
  // The job's own checks (problemsOfForm below, the server's rules written for the page); the roles keep theirs.
  const fields = useFieldProblems(NO_RULES, IDS);
  const errors = fields.problems;
  const [roles, setRoles] = useState<RoleForm[]>(job ? job.roles.map(roleFromJob) : [blankRole()]);
  const [roleErrors, setRoleErrors] = useState<Record<number, Partial<Record<string, string>>>>({});
  const [uploading, setUploading] = useState<{ name: string; percent: number }[]>([]);
  const navigate = useNavigate();
  const toast = useToast();
  // Halfway through a post, leaving asks first, as Edit Profile does (issue 49 item 18).
  const [initial] = useState(() => JSON.stringify([form, roles]));
  const guard = useLeaveGuard(JSON.stringify([form, roles]) !== initial);

  // A refusal about a field shows at it, with focus; anything else is a toast (api/use-write.ts).
  const handlers = {
    fields: LABELS,
    onProblem: (field: Key, msg: string) => fields.setProblem(field, msg),
    // A role's field the server names ("roles.0.skills") is said there, with focus.
    rows: {
      list: 'roles',
      onProblem: (row: number, field: string, msg: string) => {
        setRoleErrors({ [row]: { [field]: msg } });
        setTimeout(() => document.getElementById(roleFieldId(row, field))?.focus(), 0);
      },
    },
    onError: (err: Error) => {
      toast(err.message);
      // Anything else is a toast: focus goes back to the button that sends again, never the body (issue 49 item 9).
      setTimeout(() => submitRef.current?.focus(), 0);
    },
  };
  const submitRef = useRef<HTMLButtonElement>(null);
  const done = () => {
    guard.release();
    navigate('/dashboard');
  };
  // Success says so, in green (docs/screens.md): "Job posted" or "Job saved".
  const save = useSaveJob(job?._id, {
    ...handlers,
    onSuccess: () => {
      toast(job ? BOARD_MSG.jobSaved : BOARD_MSG.jobPosted, 'success');
      done();
    },
  });
  const cast = useCastRole(job?._id, {
    ...handlers,
    onSuccess: (saved) => setRoles((rs) => rs.map((r) => (saved.roles.find((x) => x._id === r._id)?.status === 'cast' ? { ...r, status: 'cast' } : r))),
  });
  const confirm = useConfirm();
  const [closing, setClosing] = useState(false);
  const remove = useDeleteJob(job?._id, { ...handlers, onSuccess: done });

  const set = (key: Key, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    fields.clear(key);
  };
  const setImages = (images: string[]) => {
    setForm((f) => ({ ...f, images }));
    fields.clear('images');
  };

  async function addImages(files: FileList | null) {
    if (!files) return;
    const room = JOB_LIMITS.imagesMax - form.images.length - uploading.length;
    const picked = Array.from(files).slice(0, Math.max(0, room));
    if (files.length > picked.length) fields.setProblem('images', MARKET_MSG.tooManyImages(JOB_LIMITS.imagesMax));
    await Promise.all(
      picked.map(async (file) => {
        setUploading((u) => [...u, { name: file.name, percent: 0 }]);
        try {
          const { url } = await uploadFile('images', file, {
            onProgress: (percent) => setUploading((u) => u.map((x) => (x.name === file.name ? { ...x, percent } : x))),
          });
          setForm((f) => ({ ...f, images: [...f.images, url].slice(0, JOB_LIMITS.imagesMax) }));
        } catch (err) {
          fields.setProblem('images', `${LABELS.images}: ${(err as Error).message}`);
        } finally {
          setUploading((u) => u.filter((x) => x.name !== file.name));
        }
      }),
    );
  }

  const move = (from: number, to: number) => {
    if (to < 0 || to >= form.images.length) return;
    const next = [...form.images];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    setImages(next);
  };

  /**
   * Every problem at once, each at its field, and focus on the first (docs/screens.md): the
   * server's own rules, checked here before sending so one submit shows them all.
   */
  function problemsOfForm(): Partial<Record<Key, string>> {
    const found: Partial<Record<Key, string>> = {};
    (['title', 'jobType'] as const).forEach((key) => {
      if (!form[key].trim()) found[key] = MSG.required(LABELS[key]);
    });
    (['title', 'jobType', 'location', 'pay'] as const).forEach((key) => {
      if (!found[key] && CONTROL.test(form[key])) found[key] = MSG.controlCharacters(LABELS[key]);
    });
    if (CONTROL_MULTILINE.test(form.description)) found.description = MSG.controlCharacters(LABELS.description);
    (['ageMin', 'ageMax'] as const).forEach((key) => {
      const n = Number(form[key] || 0);
      if (!Number.isInteger(n) || n < 0 || n > JOB_LIMITS.ageMax) found[key] = MARKET_MSG.mustBeWhole(LABELS[key], 0, JOB_LIMITS.ageMax);
    });
    // A past deadline is said at the field, as the server refuses it (issue 49, item 16).
    // Today in UTC as the server's todayUtc (src/contract/jobs.ts), not imported: that module's zod schemas would come into the bundle.
    if (form.deadline && form.deadline < new Date().toISOString().slice(0, 10)) found.deadline = MARKET_MSG.deadlinePast;
    // 0 is "no bound", as the server's agesInOrder (src/contract/jobs.ts) reads it.
    const [min, max] = [Number(form.ageMin || 0), Number(form.ageMax || 0)];
    if (!found.ageMin && !found.ageMax && min && max && min > max) found.ageMin = MARKET_MSG.ageOrder;
    // One date alone is a one-day shoot; the end may not come before the start.
    if (form.shootFrom && form.shootTo && form.shootTo < form.shootFrom) found.shootTo = AVAILABILITY_MSG.order;
    return found;
  }

  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (save.isPending) return;
    const formEl = e.currentTarget;
    // The job's problems shown, focus on the first (its fields come before the roles).
    const clean = fields.show(problemsOfForm());
    // Every role's pay is asked for: the form is not sent until each has one.
    // An empty role name is refused at its field, never silently the job's title (issue 49, item 16).
    const checked = roles.map(roleBody);
    const problems = Object.fromEntries(checked.flatMap((c, i) => (Object.keys(c.errors).length ? [[i, c.errors]] : [])));
    setRoleErrors(problems);
    if (!clean) return;
    if (Object.keys(problems).length > 0) {
      // After the marks render: the first marked role field.
      setTimeout(() => formEl.querySelector<HTMLElement>('.roles-editor [aria-invalid="true"]')?.focus(), 0);
      return;
    }
    save.mutate({
      roles: checked.map((c) => c.body!),
      title: form.title,
      jobType: form.jobType,
      description: form.description,
      profession: form.profession as JobCreateBody['profession'],
      gender: form.gender as JobCreateBody['gender'],
      ageMin: Number(form.ageMin || 0),
      ageMax: Number(form.ageMax || 0),
      location: form.location,
      pay: form.pay,
      deadline: form.deadline || null,
      shootDates: shootDatesOf(form, job?.shootDates.slice(1) ?? []),
      images: form.images,
    });
  }

  const text = (key: Key, max: number, type = 'text') => (
    <FormField id={key} label={LABELS[key]} error={errors[key]}>
      {(a) => <input {...a} type={type} className="input" maxLength={max} value={form[key] as string} onChange={(e) => set(key, e.target.value)} />}
    </FormField>
  );
  const choose = (key: 'profession' | 'gender', values: readonly string[]) => (
    <FormField id={key} label={LABELS[key]} error={errors[key]}>
      {(a) => (
        <select {...a} className="select" value={form[key]} onChange={(e) => set(key, e.target.value)}>
          {values.map((v) => <option key={v} value={v}>{v}</option>)}
        </select>
      )}
    </FormField>
  );
  const age = (key: 'ageMin' | 'ageMax') => (
    <FormField id={key} label={LABELS[key]} error={errors[key]} hint="0 means no limit">
      {(a) => <input {...a} type="number" min={0} max={JOB_LIMITS.ageMax} className="input" value={form[key]} onChange={(e) => set(key, e.target.value)} />}
    </FormField>
  );

  return (
    <main className="page">
      {guard.dialog}
      <h1>{job ? 'Edit job' : MARKET_MSG.postJob}</h1>
      {job && (
        <p className="muted">
          {job.status === 'closed' && `${MARKET_MSG.jobClosed} `}
          <Link to={`/dashboard/jobs/${job._id}/applicants`}>{BOARD_MSG.applicantsLink(job.applicants.total)}</Link>
        </p>
      )}
      <form onSubmit={handleSubmit} noValidate aria-label="Job post">
        {text('title', JOB_LIMITS.titleMax)}
        {text('jobType', JOB_LIMITS.jobTypeMax)}
        <FormField id="description" label={LABELS.description} error={errors.description}>
          {(a) => <textarea {...a} className="textarea" rows={6} maxLength={JOB_LIMITS.descriptionMax} value={form.description} onChange={(e) => set('description', e.target.value)} />}
        </FormField>
        <div className="form-row">
          {choose('profession', JOB_PROFESSIONS)}
          {choose('gender', JOB_GENDERS)}
        </div>
        <div className="form-row">
          {age('ageMin')}
          {age('ageMax')}
        </div>
        {text('location', JOB_LIMITS.locationMax)}
        <div className="form-row">
          {text('pay', JOB_LIMITS.payMax)}
          {text('deadline', 10, 'date')}
        </div>
        <div className="form-row">
          {text('shootFrom', 10, 'date')}
          {text('shootTo', 10, 'date')}
        </div>
        <RolesEditor
          roles={roles}
          onChange={(next) => {
            setRoles(next);
            setRoleErrors({});
          }}
          errors={roleErrors}
          onCast={job ? (roleId) => void confirm.ask({ title: CAST_MSG.confirmCastTitle, message: CAST_MSG.confirmCast, confirmLabel: CAST_MSG.markCast }).then((yes) => { if (yes) cast.mutate(roleId); }) : undefined}
        />
        <FormField id="images" label={`${LABELS.images} (up to ${JOB_LIMITS.imagesMax})`} error={errors.images}>
          {(a) => (
            <input
              {...a}
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp"
              className="input"
              disabled={form.images.length + uploading.length >= JOB_LIMITS.imagesMax}
              onChange={(e) => {
                void addImages(e.target.files);
                e.target.value = '';
              }}
            />
          )}
        </FormField>
        {uploading.map((u) => (
          <p key={u.name} className="progress" role="status">{u.name}: {MSG.uploading(u.percent)}</p>
        ))}
        {form.images.length > 0 && (
          <ol className="image-list" aria-label="Images, the first is shown on cards">
            {form.images.map((url, i) => (
              <li key={url} className="image-item">
                <img src={url} alt={`Image ${i + 1}`} />
                <div className="image-item-actions">
                  <button type="button" className="btn btn-ghost" aria-label={`Move image ${i + 1} earlier`} disabled={i === 0} onClick={() => move(i, i - 1)}>↑</button>
                  <button type="button" className="btn btn-ghost" aria-label={`Move image ${i + 1} later`} disabled={i === form.images.length - 1} onClick={() => move(i, i + 1)}>↓</button>
                  <RemoveButton label={`Remove image ${i + 1}`} onClick={() => setImages(form.images.filter((x) => x !== url))} />
                </div>
              </li>
            ))}
          </ol>
        )}
        <div className="form-actions">
          {/* aria-disabled while sending, not disabled: a disabled button would drop the focus to the body. */}
          <button ref={submitRef} type="submit" className="btn" aria-disabled={save.isPending} disabled={uploading.length > 0}>{job ? 'Save' : MARKET_MSG.postJob}</button>
          {job && job.status === 'open' && (
            <button type="button" className="btn btn-secondary" onClick={() => setClosing(true)}>{MARKET_MSG.closeJob}</button>
          )}
          {job && job.applicants.total === 0 && (
            <button type="button" className="btn btn-ghost" onClick={() => void confirm.ask({ title: MARKET_MSG.deleteJobTitle, message: MARKET_MSG.deleteJobText, confirmLabel: MARKET_MSG.deleteJob }).then((yes) => { if (yes) remove.mutate(); })}>{MARKET_MSG.deleteJob}</button>
          )}
          <Link to="/dashboard" className="btn btn-ghost">Cancel</Link>
        </div>
      </form>
      {job && closing && (
        <CloseJobDialog
          job={job}
          onCancel={() => setClosing(false)}
          onClosed={(said) => {
            toast(`${CLOSE_TEXT.closedToast(job.title)} ${said}`, 'success');
            done();
          }}
        />
      )}
      {confirm.dialog}
    </main>
  );
}
