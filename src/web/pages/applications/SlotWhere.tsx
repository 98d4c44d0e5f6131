/**
 * Where an audition time is (docs/slots.md, "Screens"): "In person" with the place, or
 * "Online" with its link. The link is an <a> only for an http(s) address; anything else
 * stays text, so a stored address can never run script.
 */
import { SLOT_TEXT } from '../../../contract/slots-texts';

/** The address as a link target when it is http(s), else null. */
export function httpLink(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

export function SlotWhere({ place, onlineUrl }: { place: string; onlineUrl: string }) {
  if (!onlineUrl) {
    return (
      <span className="slot-where" data-testid="slot-where" data-kind="in-person">
        <span className="slot-where-kind">{SLOT_TEXT.inPerson}</span> {place}
      </span>
    );
  }
  const href = httpLink(onlineUrl);
  return (
    <span className="slot-where" data-testid="slot-where" data-kind="online">
      <span className="slot-where-kind">{SLOT_TEXT.online}</span>{' '}
      {href ? <a href={href} target="_blank" rel="noopener noreferrer nofollow">{onlineUrl}</a> : onlineUrl}
    </span>
  );
}

/** The same in words for a button's accessible name. */
export const whereWords = (s: { place: string; onlineUrl: string }) => SLOT_TEXT.whereSaid(Boolean(s.onlineUrl), s.onlineUrl || s.place);
