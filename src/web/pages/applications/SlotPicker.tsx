/**
 * The performer's audition time on an application in auditioning (docs/slots.md): the
 * free times to book or move to, each saying where (in person, or online with its link), the one held with "Add to calendar" (its .ics), and
 * cancelling. Times show in the viewer's zone, named; focus lands on the result.
 */
import { useEffect, useRef, useState } from 'react';
import type { MyApplication } from '../../../contract/applications';
import { MSG } from '../../../contract/messages';
import type { MySlotsAnswer, OpenSlot } from '../../../contract/slots';
import { SLOT_LIMITS, SLOT_TEXT } from '../../../contract/slots-texts';
import { useRunningLate } from '../../api/running-late';
import { downloadSlotIcs, useMySlots } from '../../api/my-slot';
import { useBookSlot } from '../../api/book-slot';
import { useCancelSlot } from '../../api/cancel-slot';
import { useToast } from '../../components/Toasts';
import { useConfirm } from '../../components/useConfirm';
import { slotTime } from '../../lib/zoned-time';
import { SlotWhere, whereWords } from './SlotWhere';

export function SlotPicker({ app }: { app: MyApplication }) {
  const slots = useMySlots(app._id);
  if (slots.isPending) return <p role="status">{MSG.loading}</p>;
  if (slots.isError) return <p role="alert">{slots.error.message}</p>;
  const { slots: free, bookings = [], invitations = [] } = slots.data;
  // Each round the performer is in, the first round first (docs/slots.md, "Rounds and callbacks").
  const others = [...new Set([...invitations.map((i) => i.round), ...bookings.map((b) => b.round), ...free.map((s) => s.round)])].filter((r) => r !== SLOT_LIMITS.defaultRound);
  // The first round shows as before rounds, unless it is empty while a callback is open.
  const firstEmpty = !bookings.some((b) => b.round === SLOT_LIMITS.defaultRound) && !free.some((s) => s.round === SLOT_LIMITS.defaultRound);
  const rounds = firstEmpty && others.length ? others : [SLOT_LIMITS.defaultRound, ...others];
  return (
    <>
      {rounds.map((round) => (
        <RoundPicker
          key={round}
          app={app}
          round={round}
          invited={invitations.some((i) => i.round === round)}
          booked={bookings.find((b) => b.round === round) ?? null}
          free={free.filter((s) => s.round === round)}
        />
      ))}
    </>
  );
}

type Held = MySlotsAnswer['bookings'][number];

function RoundPicker({ app, round, invited, booked, free }: { app: MyApplication; round: string; invited: boolean; booked: Held | null; free: OpenSlot[] }) {
  const toast = useToast();
  const confirm = useConfirm();
  const [problem, setProblem] = useState<string | null>(null);
  const heldRef = useRef<HTMLParagraphElement>(null);
  // Set by a booking: the held time gets focus once the refetched answer shows it.
  const [focusHeld, setFocusHeld] = useState(false);
  useEffect(() => {
    if (!focusHeld || !booked) return;
    heldRef.current?.focus();
    setFocusHeld(false);
  }, [focusHeld, booked]);
  const first = round === SLOT_LIMITS.defaultRound;
  const headingId = `slot-pick-${app._id}-${round.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  // The first round keeps its calls without `?round=`, as before rounds.
  const which = first ? undefined : round;

  // A refusal shows above the times, and focus goes to the round's heading either way.
  const refused = (err: Error) => {
    setProblem(err.message);
    document.getElementById(headingId)?.focus();
  };
  const booking = useBookSlot({ onSuccess: () => setFocusHeld(true), onError: refused });
  const cancelling = useCancelSlot({ onSuccess: () => document.getElementById(headingId)?.focus(), onError: refused });
  const busy = booking.isPending || cancelling.isPending;

  return (
    <section className="slot-picker" aria-labelledby={headingId} data-testid="slot-round" data-round={round}>
      {confirm.dialog}
      <h4 id={headingId} tabIndex={-1}>{first ? SLOT_TEXT.pickTitle : SLOT_TEXT.roundTimes(round)}</h4>
      {invited && <p className="slot-picker-invited" data-testid="slot-invited">{SLOT_TEXT.invitedTo(round)}</p>}
      {problem && <p className="field-error" role="alert">{problem}</p>}
      {booked && (
        <div className="slot-held">
          <p ref={heldRef} tabIndex={-1} data-testid="slot-held">{SLOT_TEXT.booked(slotTime(booked.startsAt, booked.endsAt))} · <SlotWhere place={booked.place} onlineUrl={booked.onlineUrl} /></p>
          <div className="slot-actions">
            <button type="button" className="btn" onClick={() => void downloadSlotIcs(app._id, which).catch((err: Error) => toast(err.message))}>{SLOT_TEXT.addToCalendar}</button>
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void confirm.ask({ title: SLOT_TEXT.confirmCancelTitle, message: SLOT_TEXT.confirmCancel, confirmLabel: SLOT_TEXT.cancel }).then((yes) => { if (yes) { setProblem(null); cancelling.mutate({ applicationId: app._id, round: which }); } })}>
              {SLOT_TEXT.cancel}
            </button>
          </div>
          <RunningLate applicationId={app._id} booked={booked} round={which} />
        </div>
      )}
      {free.length === 0 ? (
        <p className="muted">{SLOT_TEXT.noFree}</p>
      ) : (
        <ul className="slot-choices">
          {free.map((s) => (
            <li key={s._id}>
              <span className="slot-choice-when">
                <span>{slotTime(s.startsAt, s.endsAt)}</span>
                <SlotWhere place={s.place} onlineUrl={s.onlineUrl} />
              </span>
              <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => { setProblem(null); booking.mutate({ applicationId: app._id, slotId: s._id }); }} aria-label={`${booked ? SLOT_TEXT.move : SLOT_TEXT.pick}: ${slotTime(s.startsAt, s.endsAt)}, ${whereWords(s)}`}>
                {booked ? SLOT_TEXT.move : SLOT_TEXT.pick}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const LATE_CHOICES = Array.from({ length: (SLOT_LIMITS.lateMax - SLOT_LIMITS.lateMin) / 5 + 1 }, (_, i) => SLOT_LIMITS.lateMin + i * 5);

/** "Running late?" from 2 hours before the start until its end, once (docs/slots.md, "The day"). */
function RunningLate({ applicationId, booked, round }: { applicationId: string; booked: { startsAt: string; endsAt: string; late?: { minutes: number } | null }; round?: string }) {
  const [minutes, setMinutes] = useState(10);
  const [problem, setProblem] = useState('');
  const late = useRunningLate({ onError: (err) => setProblem(err.message) });
  const id = `late-${applicationId}-${(round ?? '').replace(/[^A-Za-z0-9_-]/g, '_')}`;
  if (booked.late) return <p className="slot-late" role="status">{SLOT_TEXT.lateSent(booked.late.minutes)}</p>;
  const now = Date.now();
  if (now < Date.parse(booked.startsAt) - SLOT_LIMITS.dayOpensHours * 3_600_000 || now >= Date.parse(booked.endsAt)) return null;
  function send() {
    setProblem('');
    late.mutate({ applicationId, minutes, round });
  }
  return (
    <form className="slot-late" aria-label={SLOT_TEXT.lateTitle} onSubmit={(e) => { e.preventDefault(); send(); }}>
      <label htmlFor={id}>{SLOT_TEXT.lateTitle} {SLOT_TEXT.lateMinutes}</label>
      <select id={id} className="select" value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
        {LATE_CHOICES.map((m) => <option key={m} value={m}>{m}</option>)}
      </select>
      <button type="submit" className="btn btn-secondary" disabled={late.isPending}>{SLOT_TEXT.lateSend}</button>
      {problem && <p className="field-error" role="alert">{problem}</p>}
    </form>
  );
}
