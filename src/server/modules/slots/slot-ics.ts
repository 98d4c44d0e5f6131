/**
 * The booking's calendar file (docs/slots.md, "The calendar file"): one VEVENT in UTC, its
 * UID kept for the booking and its SEQUENCE raised on every move, so a calendar program
 * updates the event it already has instead of adding a second one.
 */
import ical from 'ical-generator';
import { SLOT_MSG } from '../../../contract/slots.js';

export interface IcsBooking {
  uid: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  job: string;
  studio: string;
  where: string;
}

export const ICS_TYPE = 'text/calendar; charset=utf-8';
export const ICS_NAME = 'audition.ics';

/** RFC 5545 text: CRLF line ends (the last line too), lines folded at 75 octets by the library. */
export function bookingIcs(b: IcsBooking, now: Date = new Date()): string {
  const cal = ical({ prodId: { company: 'Audition', product: 'Audition times', language: 'EN' } });
  cal.createEvent({
    id: `${b.uid}@audition`,
    sequence: b.sequence,
    stamp: now,
    start: b.startsAt,
    end: b.endsAt,
    summary: SLOT_MSG.summary(b.job, b.studio),
    location: b.where,
  });
  const out = cal.toString();
  return out.endsWith('\r\n') ? out : `${out}\r\n`;
}
