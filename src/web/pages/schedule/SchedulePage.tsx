/**
 * /dashboard/jobs/{id}/schedule: the studio's audition times for one job, in order, with
 * who comes, an editor that adds back-to-back times, and a print stylesheet that leaves
 * only the day's list (docs/slots.md). Times show in the viewer's zone, named.
 */
import { WHO_MSG } from '../../../contract/who-did-what-texts';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { MSG } from '../../../contract/messages';
import { GUARDIAN_MSG } from '../../../contract/guardians-messages';
import { SLOT_LIMITS, SLOT_TEXT, type CheckInStatus } from '../../../contract/slots-texts';
import { useCheckIn } from '../../api/check-in';
import { formatClock, formatTime } from '../../lib/dates';
import type { StudioSlot } from '../../../contract/slots';
import { ApiError } from '../../api/client';
import { useJobSlots } from '../../api/job-slots';
import { useRemoveSlot } from '../../api/remove-slot';
import { useCreateSlots } from '../../api/create-slots';
import { useStudioJob } from '../../api/studio-job';
import { useJobApplicants } from '../../api/job-applicants';
import { FieldGroup, FormField, TextField } from '../../components/FormField';
import { useFieldProblems } from '../../components/useFieldProblems';
import * as z from 'zod/mini';
import { useToast } from '../../components/Toasts';
import { useConfirm } from '../../components/useConfirm';
import { localInputToIso, slotTime, zoneName } from '../../lib/zoned-time';
import './schedule.css';
import { useStudioRole } from '../../components/useStudioRole';
import { personName } from '../../../contract/names';

type Field = 'startsAt' | 'minutes' | 'count' | 'gapMinutes' | 'place' | 'onlineUrl' | 'round' | 'applicationIds';
const ids: Record<Field, string> = { startsAt: 'slot-start', minutes: 'slot-minutes', count: 'slot-count', gapMinutes: 'slot-gap', place: 'slot-place', onlineUrl: 'slot-url', round: 'slot-round', applicationIds: 'slot-form-invite' };

/** The one check before sending: a start time; the server's rules answer the rest at their fields. */
const RULES = z.object({ startsAt: z.string().check(z.minLength(1)) });
const LABELS: Partial<Record<Field, string>> = { startsAt: SLOT_TEXT.startsAt };

export default function SchedulePage() {
  const { id = '' } = useParams();
  const slots = useJobSlots(id);
  const zone = zoneName();
  const slotsAllowed = useStudioRole().can('slots');
  const job = useStudioJob(id).data;

  return (
    <main className="page schedule-page">
      <p className="schedule-back no-print"><Link to={`/dashboard/jobs/${id}/applicants`}>← {SLOT_TEXT.backToBoard}</Link></p>
      <div className="schedule-head">
        <h1>{SLOT_TEXT.scheduleTitle}</h1>
        <button type="button" className="btn btn-ghost no-print" onClick={() => window.print()}>{SLOT_TEXT.print}</button>
      </div>
      {/* Named on screen and on paper: the print view is handed round on the day. */}
      {job && <p className="schedule-job" data-testid="schedule-job">{SLOT_TEXT.forJob(job.title)}</p>}
      <p className="muted" data-testid="zone">{SLOT_TEXT.shownIn(zone)}</p>
      {slotsAllowed && <SlotEditor jobId={id} />}
      <section aria-labelledby="schedule-list" className="schedule-section">
        <h2 id="schedule-list" tabIndex={-1}>{SLOT_TEXT.schedule}</h2>
        {slots.isPending && <p role="status">{MSG.loading}</p>}
        {slots.isError && <p role="alert">{slots.error.message}</p>}
        {slots.data?.length === 0 && <p>{SLOT_TEXT.noSlots}</p>}
        {slots.data && slots.data.length > 0 &&
          // Grouped by round, each in the order of its first time (docs/slots.md, "Rounds and callbacks").
          roundsOf(slots.data).map(([round, list], i) => (
            <section key={round} className="schedule-round" aria-labelledby={`schedule-round-${i}`} data-testid="schedule-round">
              <h3 id={`schedule-round-${i}`}>
                {round}
                {list.some((s) => s.limited) && <span className="muted"> · {SLOT_TEXT.invitedOnly}</span>}
              </h3>
              <ol className="schedule-list">
                {list.map((s) => <SlotRow key={s._id} jobId={id} slot={s} />)}
              </ol>
            </section>
          ))}
      </section>
    </main>
  );
}

function roundsOf(slots: StudioSlot[]): [string, StudioSlot[]][] {
  const groups = new Map<string, StudioSlot[]>();
  for (const s of slots) groups.set(s.round, [...(groups.get(s.round) ?? []), s]);
  return [...groups];
}

function SlotRow({ jobId, slot }: { jobId: string; slot: StudioSlot }) {
  const toast = useToast();
  const confirm = useConfirm();
  const role = useStudioRole();
  const removing = useRemoveSlot({
    onSuccess: () => {
      toast(SLOT_TEXT.removed);
      document.getElementById('schedule-list')?.focus();
    },
    onError: (err) => toast(err.message),
  });
  const marking = useCheckIn({ onError: (err) => toast(err.message) });
  const busy = removing.isPending || marking.isPending;
  async function remove() {
    // Removing a booked time tells its performer: it asks once first.
    if (slot.booking && !(await confirm.ask({ title: SLOT_TEXT.confirmRemoveTitle, message: SLOT_TEXT.confirmRemoveBooked(personName(slot.booking.name)), confirmLabel: SLOT_TEXT.remove }))) return;
    removing.mutate({ jobId, slotId: slot._id });
  }
  function mark(status: CheckInStatus | null) {
    marking.mutate({ jobId, slotId: slot._id, status });
  }
  const booking = slot.booking;
  const opensAt = Date.parse(slot.startsAt) - SLOT_LIMITS.dayOpensHours * 3_600_000;
  const open = Date.now() >= opensAt;
  const name = booking ? personName(booking.name) : '';
  // A viewer reads the schedule; slots and check-in are the casting members' (docs/team.md).
  const mayChange = role.can('slots');
  return (
    <li className="card schedule-row" data-testid="schedule-row">
      <time dateTime={slot.startsAt} className="schedule-time">{slotTime(slot.startsAt, slot.endsAt)}</time>
      <span className="schedule-who">{booking ? <Link to={`/dashboard/jobs/${jobId}/applicants`}>{name}</Link> : <span className="muted">{SLOT_TEXT.free}</span>}
        {booking?.roleName ? <span className="muted" data-testid="schedule-role"> · {booking.roleName}</span> : null}
        {booking?.guardianAttends ? <span className="muted"> · {GUARDIAN_MSG.guardianAttends}</span> : null}
      </span>
      <span className="schedule-where muted">{slot.place || slot.onlineUrl}</span>
      {mayChange && <button type="button" className="btn btn-ghost no-print" disabled={busy} onClick={() => void remove()} aria-label={`${SLOT_TEXT.remove} ${slotTime(slot.startsAt, slot.endsAt)}`}>{SLOT_TEXT.remove}</button>}
      {booking && (
        <div className="schedule-day">
          <p className="schedule-day-state" data-testid="day-state" aria-live="polite">
            {booking.checkIn?.status === 'arrived' && <span className="schedule-day-arrived">{SLOT_TEXT.arrivedAt(formatClock(booking.checkIn.at))}</span>}
            {booking.checkIn?.status === 'no_show' && <span className="schedule-day-noshow">{SLOT_TEXT.noShowed}</span>}
            {/* Who marked it (docs/team.md). */}
            {booking.checkIn && slot.by && <span className="muted"> {WHO_MSG.markedBy(slot.by.name)}</span>}
            {booking.late && <span className="schedule-day-late">{SLOT_TEXT.runningLate(booking.late.minutes)}</span>}
            {!open && <span className="muted">{SLOT_TEXT.checkInOpens(formatTime(new Date(opensAt)))}</span>}
          </p>
          {open && mayChange && (
            <div className="schedule-day-actions no-print" role="group" aria-label={name}>
              <button type="button" className="btn btn-secondary" disabled={busy} aria-pressed={booking.checkIn?.status === 'arrived'} aria-label={SLOT_TEXT.markArrived(name)} onClick={() => mark('arrived')}>{SLOT_TEXT.arrived}</button>
              <button type="button" className="btn btn-secondary" disabled={busy} aria-pressed={booking.checkIn?.status === 'no_show'} aria-label={SLOT_TEXT.markNoShow(name)} onClick={() => mark('no_show')}>{SLOT_TEXT.noShow}</button>
              {booking.checkIn && <button type="button" className="btn btn-ghost" disabled={busy} aria-label={SLOT_TEXT.clearFor(name)} onClick={() => mark(null)}>{SLOT_TEXT.clearCheckIn}</button>}
            </div>
          )}
        </div>
      )}
      {confirm.dialog}
    </li>
  );
}

function SlotEditor({ jobId }: { jobId: string }) {
  const toast = useToast();
  const [values, setValues] = useState({ startsAt: '', minutes: '15', count: '6', gapMinutes: '0', place: '', onlineUrl: '', round: SLOT_LIMITS.defaultRound as string });
  // Callbacks: the applicants in auditioning the studio picks; only they may book these times.
  const [invited, setInvited] = useState<string[]>([]);
  const applicants = useJobApplicants(jobId);
  const auditioning = (applicants.data ?? []).filter((a) => a.status === 'auditioning');
  const confirm = useConfirm();
  function toggle(appId: string, on: boolean) {
    setInvited((list) => (on ? [...list, appId] : list.filter((x) => x !== appId)));
    // Calling someone back names a new round unless the studio already named one.
    if (on && values.round === SLOT_LIMITS.defaultRound) setValues((v) => ({ ...v, round: SLOT_TEXT.callBackDefaultRound }));
    fields.clear('applicationIds');
  }
  const fields = useFieldProblems(RULES, ids, LABELS);
  const { problems } = fields;
  // What the call says is told from what it sent, not from the form (which may have changed meanwhile).
  const create = useCreateSlots({
    fields: ids,
    onSuccess: (made, { body }) => {
      const called = body.applicationIds?.length ?? 0;
      fields.reset();
      toast(called ? `${SLOT_TEXT.calledBack(called, (body.round ?? '').trim())} · ${SLOT_TEXT.created(made.length)}` : SLOT_TEXT.created(made.length));
      setInvited([]);
      listRef.current = document.getElementById('schedule-list') as HTMLHeadingElement | null;
      listRef.current?.focus();
    },
    // At the field the server names (or each it lists); a refusal of the times as a whole
    // (they overlap others of the job) is about when they start.
    onProblem: (_field, _msg, err) => fields.setProblemFrom(err),
    onError: (err) => {
      if (fields.setProblemFrom(err)) return;
      if (err instanceof ApiError && err.status < 500) fields.setProblem('startsAt', err.message);
      else toast(err.message);
    },
  });
  const busy = create.isPending;
  const listRef = useRef<HTMLHeadingElement | null>(null);
  const set = (k: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: e.target.value }));
    fields.clear(k);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!fields.check({ ...values, applicationIds: invited })) return;
    // Inviting tells the performers: it asks once.
    const round = values.round.trim();
    if (invited.length && !(await confirm.ask({ title: SLOT_TEXT.confirmCallBackTitle(round), message: SLOT_TEXT.confirmCallBack(invited.length, round), confirmLabel: SLOT_TEXT.callBackSend }))) return;
    create.mutate({ jobId, body: {
      startsAt: localInputToIso(values.startsAt),
      minutes: Number(values.minutes),
      count: Number(values.count),
      gapMinutes: Number(values.gapMinutes),
      ...(values.place.trim() ? { place: values.place } : {}),
      ...(values.onlineUrl.trim() ? { onlineUrl: values.onlineUrl } : {}),
      round: values.round,
      ...(invited.length ? { applicationIds: invited } : {}),
    } });
  }

  return (
    <section aria-labelledby="slot-editor" className="card slot-editor no-print">
      {confirm.dialog}
      <h2 id="slot-editor">{SLOT_TEXT.addSlots}</h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="slot-form">
        <TextField id={ids.startsAt} label={SLOT_TEXT.startsAt} type="datetime-local" value={values.startsAt} onChange={set('startsAt')} error={problems.startsAt} />
        <TextField id={ids.minutes} label={SLOT_TEXT.minutes} type="number" min={SLOT_LIMITS.minutesMin} max={SLOT_LIMITS.minutesMax} value={values.minutes} onChange={set('minutes')} error={problems.minutes} />
        <TextField id={ids.count} label={SLOT_TEXT.count} type="number" min={SLOT_LIMITS.countMin} max={SLOT_LIMITS.countMax} value={values.count} onChange={set('count')} error={problems.count} />
        <TextField id={ids.gapMinutes} label={SLOT_TEXT.gap} type="number" min={0} max={SLOT_LIMITS.gapMax} value={values.gapMinutes} onChange={set('gapMinutes')} error={problems.gapMinutes} />
        <FormField id={ids.place} label={SLOT_TEXT.place} error={problems.place}>
          {(a11y) => <input className="input" maxLength={SLOT_LIMITS.placeMax} value={values.place} onChange={set('place')} {...a11y} />}
        </FormField>
        <TextField id={ids.onlineUrl} label={SLOT_TEXT.onlineUrl} type="url" placeholder="https://" value={values.onlineUrl} onChange={set('onlineUrl')} error={problems.onlineUrl} />
        <TextField id={ids.round} label={SLOT_TEXT.round} maxLength={SLOT_LIMITS.roundMax} value={values.round} onChange={set('round')} error={problems.round} />
        <FieldGroup className="slot-form-invite" id={ids.applicationIds} legend={SLOT_TEXT.callBackWho} error={problems.applicationIds}>
          {auditioning.length === 0 ? (
            <p className="muted">{SLOT_TEXT.callBackNone}</p>
          ) : (
            <ul className="slot-form-invite-list">
              {auditioning.map((a) => (
                <li key={a._id}>
                  <label>
                    <input type="checkbox" checked={invited.includes(a._id)} onChange={(e) => toggle(a._id, e.target.checked)} /> {personName(a.performer.fname ?? "")}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </FieldGroup>
        <button type="submit" className="btn" disabled={busy}>{invited.length ? SLOT_TEXT.callBackSend : SLOT_TEXT.create}</button>
      </form>
    </section>
  );
}
