/**
 * What a decision or a close ends (docs/applications.md, "What a decision or a close ends").
 * Once a decline stands (its undo window passed, decision-notices.ts) or a close closes an
 * application (closeApplicationsOf), its audition times that have not started are cancelled
 * (slots area: the slot freed, the performer told with a cancelling calendar file) and its
 * self-tape requests still taking a tape end. Once a booking stands, its tape requests end too:
 * the performer is cast, and a retake asked before is no longer needed.
 *
 * The tape requests are ended here, on their table, rather than through the self-tapes area,
 * which uses this area (its history and mail settings): calling it back would be an import circle.
 */
import { and, inArray } from 'drizzle-orm';
import type { BookingEnd } from '../../../contract/decision-ends-texts.js';
import type { TapeStatus } from '../../../contract/self-tapes-messages.js';
import type { Tx } from '../../db/client.js';
import { tapeRequests } from '../../db/schema/index.js';
import type { AfterCommit } from '../notifications/index.js';
import { cancelBookingsOf } from '../slots/index.js';

/** A request that still takes a tape: waiting for one, or holding one the performer may replace. */
const TAKES_A_TAPE: TapeStatus[] = ['requested', 'accepted', 'retake', 'submitted'];

/** Ends the applications' requests that still take a tape; a tape sent stays for the studio to watch. */
export async function endTapeRequestsOf(tx: Tx, applicationIds: readonly string[]): Promise<number> {
  if (applicationIds.length === 0) return 0;
  const ended = await tx
    .update(tapeRequests)
    .set({ status: 'ended' satisfies TapeStatus, remindedAt: null })
    .where(and(inArray(tapeRequests.applicationId, [...applicationIds]), inArray(tapeRequests.status, TAKES_A_TAPE)))
    .returning({ id: tapeRequests.id });
  return ended.length;
}

/**
 * A decline that stands, a close, or the performer's withdrawal: the bookings cancelled (the
 * performer told of a decision or a close, the studio of a withdrawal), the tape requests ended.
 */
export async function endWhatHangsOn(tx: Tx, applicationIds: readonly string[], cause: BookingEnd, now: Date): Promise<AfterCommit> {
  if (applicationIds.length === 0) return { mails: [], events: [] };
  await endTapeRequestsOf(tx, applicationIds);
  const { mails, events } = await cancelBookingsOf(tx, applicationIds, cause, now);
  return { mails, events };
}

/** Two sets of things to send after one commit, as one. */
export const bothAfter = (a: AfterCommit, b: AfterCommit): AfterCommit => ({ mails: [...a.mails, ...b.mails], events: [...a.events, ...b.events] });
