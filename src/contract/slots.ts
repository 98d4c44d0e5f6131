/**
 * Audition times the performer picks (docs/slots.md): the studio's slots, the performer's
 * booking, their texts. Times travel as ISO strings in UTC; screens show the viewer's zone.
 */
import { z } from 'zod';
import { instant, text } from './fields.js';
import { MARKET_MSG } from './marketplace-messages.js';
import { MSG } from './messages.js';
import { byAnswer } from './team.js';

export { CHECK_IN_STATUSES, DAY_EVENT_KINDS, SLOT_LIMITS, SLOT_MSG, SLOT_TEXT, type CheckInStatus, type DayEventKind } from './slots-texts.js';
import { CHECK_IN_STATUSES, DAY_EVENT_KINDS, SLOT_LIMITS, SLOT_MSG } from './slots-texts.js';

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: MARKET_MSG.mustBeWhole(label, min, max) })
    .int(MARKET_MSG.mustBeWhole(label, min, max))
    .min(min, MARKET_MSG.mustBeWhole(label, min, max))
    .max(max, MARKET_MSG.mustBeWhole(label, min, max));

export const createSlotsBody = z.strictObject(
  {
    roleId: z.string({ error: SLOT_MSG.unknownRole }).max(100, SLOT_MSG.unknownRole).optional(),
    startsAt: instant(SLOT_MSG.startsAtInvalid, 'Start'),
    minutes: whole('Minutes', SLOT_LIMITS.minutesMin, SLOT_LIMITS.minutesMax),
    count: whole('Count', SLOT_LIMITS.countMin, SLOT_LIMITS.countMax),
    gapMinutes: whole('Gap', 0, SLOT_LIMITS.gapMax).default(0),
    place: text('Place').max(SLOT_LIMITS.placeMax, MSG.tooLong('Place', SLOT_LIMITS.placeMax)).trim().optional(),
    onlineUrl: text('Link')
      .max(SLOT_LIMITS.urlMax, MSG.tooLong('Link', SLOT_LIMITS.urlMax))
      .trim()
      .refine((v) => v === '' || /^https:\/\/[^\s/]+\.[^\s]*$/i.test(v), SLOT_MSG.onlineUrlHttps)
      .optional(),
    /** The round (docs/slots.md, "Rounds and callbacks"): "Audition" unless named, e.g. "Callback". */
    round: text('Round').trim().min(1, SLOT_MSG.roundEmpty).max(SLOT_LIMITS.roundMax, MSG.tooLong('Round', SLOT_LIMITS.roundMax)).default(SLOT_LIMITS.defaultRound),
    /** Only these applications (of this job) may see and book these slots; each is told. */
    applicationIds: z
      .array(z.string({ error: SLOT_MSG.applicationIdsInvalid }).max(100, SLOT_MSG.applicationIdsInvalid), { error: SLOT_MSG.applicationIdsInvalid })
      .min(1, SLOT_MSG.applicationIdsInvalid)
      .max(SLOT_LIMITS.invitedMax, SLOT_MSG.applicationIdsInvalid)
      .optional(),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? MARKET_MSG.unknownField(iss.keys) : MSG.invalidBody) },
);
export type CreateSlotsBody = z.input<typeof createSlotsBody>;

export const bookSlotBody = z.strictObject({ slotId: z.string({ error: SLOT_MSG.slotNotFound }).max(100, SLOT_MSG.slotNotFound) });

/** The day (docs/slots.md, "The day"): the studio's check-in and the performer's "running late". */
const checkIn = z.object({ status: z.enum(CHECK_IN_STATUSES), at: z.string() });
const late = z.object({ minutes: z.number().int(), at: z.string() });
const slotBooking = z.object({
  applicationId: z.string(),
  performerId: z.string().nullable(),
  name: z.string(),
  roleName: z.string().nullable(),
  checkIn: checkIn.nullable(),
  late: late.nullable(),
  /** The performer is under 18 with a guardian's consent: the screen says "A guardian attends" (docs/guardians.md). */
  guardianAttends: z.boolean().optional(),
});

const studioSlot = z.object({
  _id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  roleId: z.string().nullable(),
  place: z.string(),
  onlineUrl: z.string(),
  /** The round it belongs to ("Audition" unless the studio named a callback). */
  round: z.string(),
  /** Only invited applications may book it (docs/slots.md, "Rounds and callbacks"). */
  limited: z.boolean(),
  booking: slotBooking.nullable(),
  /** Who of the studio last made or changed it (docs/team.md); null before that was kept. */
  by: byAnswer.nullable(),
});
export type StudioSlot = z.infer<typeof studioSlot>;
export const studioSlotsAnswer = z.object({ slots: z.array(studioSlot) });
/** POST /api/studio/jobs/{id}/slots: the new slots and who made them (docs/team.md). */
export const createdSlotsAnswer = z.object({ slots: z.array(studioSlot.omit({ booking: true, by: true })), by: byAnswer.nullable() });
export type StudioSlotsAnswer = z.infer<typeof studioSlotsAnswer>;

export const openSlot = studioSlot.omit({ booking: true, by: true });
export type OpenSlot = z.infer<typeof openSlot>;

/** The performer's picker: the free times, and the one they hold (with its calendar SEQUENCE). */
const heldSlot = openSlot.extend({ sequence: z.number(), late: late.nullable().optional() });
/**
 * `slots` are the free times of every round this application may book (each says its round),
 * `booked` the booking of the first round ("Audition" when held, as before rounds), `bookings`
 * every round's booking, and `invitations` the callback rounds it was invited to.
 */
export const mySlotsAnswer = z.object({
  slots: z.array(openSlot),
  booked: heldSlot.nullable(),
  bookings: z.array(heldSlot),
  invitations: z.array(z.object({ round: z.string(), at: z.string() })),
});
export type MySlotsAnswer = z.infer<typeof mySlotsAnswer>;
export const bookedSlotAnswer = z.object({ booked: openSlot.extend({ sequence: z.number() }) });
export type BookedSlotAnswer = z.infer<typeof bookedSlotAnswer>;


/** POST /api/studio/slots/{id}/check-in: `arrived` (the time is now), `no_show`, or null to clear. */
export const checkInBody = z.strictObject({ status: z.enum(CHECK_IN_STATUSES, { error: SLOT_MSG.checkInStatus }).nullable() }, { error: () => MSG.invalidBody });
export const studioSlotAnswer = studioSlot;
/** POST /api/audition/applications/{id}/slot/late { minutes }: once per booking. */
export const lateBody = z.strictObject({ minutes: whole('Minutes', SLOT_LIMITS.lateMin, SLOT_LIMITS.lateMax) }, { error: () => MSG.invalidBody });
export const lateAnswer = z.object({ late });
/** One entry of the day's history on the studio's applicant card. */
export const dayEvent = z.object({ kind: z.enum(DAY_EVENT_KINDS), minutes: z.number().int().nullable(), slotStartsAt: z.string(), at: z.string(), round: z.string().nullable().optional() });
/** `?round=` on …/slot (DELETE), …/slot.ics and …/slot/late: which round's booking. */
export const roundQuery = z.object({ round: z.string().max(SLOT_LIMITS.roundMax, MSG.tooLong('Round', SLOT_LIMITS.roundMax)).optional() });
export type DayEvent = z.infer<typeof dayEvent>;
