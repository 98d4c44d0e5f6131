/**
 * The booking's calendar file (docs/slots.md, "The calendar file"): one VEVENT in UTC, its
 * UID kept for the booking and its SEQUENCE raised on every move, so a calendar program
 * updates the event it already has instead of adding a second one.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { SLOT_MSG } from '../../../contract/slots.js';

export interface IcsBooking {
  uid: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  job: string;
  studio: string;
  where: string;
  /**
   * The booking ended (a decline that stands, a close: docs/slots.md, "When a decision or a
   * close ends a booking"): the file says METHOD:CANCEL and STATUS:CANCELLED, with the
   * booking's UID and its SEQUENCE raised, so a calendar program removes the event it has.
   */
  cancelled?: boolean;
}

export const ICS_TYPE = 'text/calendar; charset=utf-8';
export const ICS_NAME = 'audition.ics';

/** RFC 5545 text: CRLF line ends (the last line too), lines folded at 75 octets by the library. */
export function bookingIcs(b: IcsBooking, now: Date = new Date()): string {
  const cal = ical({ prodId: { company: 'Audition', product: 'Audition times', language: 'EN' }, ...(b.cancelled ? { method: ICalCalendarMethod.CANCEL } : {}) });
  cal.createEvent({
    id: `${b.uid}@audition`,
    sequence: b.sequence,
    stamp: now,
    start: b.startsAt,
    end: b.endsAt,
    summary: SLOT_MSG.summary(b.job, b.studio),
    location: b.where,
    ...(b.cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
  });
  const out = cal.toString();
  return out.endsWith('\r\n') ? out : `${out}\r\n`;
}
