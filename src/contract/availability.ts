/**
 * Availability (docs/talent.md, "Availability"; OFFICE.md §4): the performer's unavailable
 * days, a job's shoot dates, and the conflicts between them that a studio sees.
 */
import { z } from 'zod';
import { calendarDay, text } from './fields.js';
import { MSG } from './messages.js';
import { AVAILABILITY_LIMITS, AVAILABILITY_MSG } from './availability-texts.js';

export * from './availability-texts.js';

const day = (label: string) =>
  calendarDay(AVAILABILITY_MSG.day(label), label).refine((v) => v >= AVAILABILITY_LIMITS.dateFrom, AVAILABILITY_MSG.tooEarly(label));

const dateRange = z
  .object({ from: day('From'), to: day('To') })
  .refine((r) => r.from <= r.to, { error: AVAILABILITY_MSG.order, path: ['to'] });

export const unavailableRange = z
  .strictObject({
    from: day('From'),
    to: day('To'),
    note: text('Note').max(AVAILABILITY_LIMITS.noteMax, MSG.tooLong('Note', AVAILABILITY_LIMITS.noteMax)).trim().default(''),
  })
  .refine((r) => r.from <= r.to, { error: AVAILABILITY_MSG.order, path: ['to'] });

/** PUT /api/audition/availability: the whole list, replacing the saved one. */
export const availabilityBody = z.strictObject({
  unavailable: z.array(unavailableRange).max(AVAILABILITY_LIMITS.ranges, AVAILABILITY_MSG.tooMany(AVAILABILITY_LIMITS.ranges)),
});
/** GET and PUT /api/audition/availability answer the saved list, earliest first. */
export const availabilityAnswer = z.object({
  unavailable: z.array(z.object({ from: z.string(), to: z.string(), note: z.string() })),
});
export type AvailabilityAnswer = z.infer<typeof availabilityAnswer>;

/** A job's shoot dates (job form and answers). */
export const shootDates = z
  .array(dateRange)
  .max(AVAILABILITY_LIMITS.shootRanges, AVAILABILITY_MSG.tooManyShoot(AVAILABILITY_LIMITS.shootRanges));
/** The studio's applicant answers: the performer's ranges overlapping the shoot, without notes. */
export const conflicts = z.array(z.object({ from: z.string(), to: z.string() }));

