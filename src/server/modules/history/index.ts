/**
 * An application's history entries for what a studio does besides moves (docs/team.md, "Who
 * did what"), and who did it. Its own small area, below applications and slots, so that both
 * write entries without one importing the other.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { HistoryAction } from '../../../contract/applications.js';
import { applications } from '../../db/schema/index.js';

/**
 * A history entry for one of the studio's other actions on an application (docs/team.md):
 * the status it is in (`status` in SQL, default the row's), when, who and what.
 */
export const historyAction = (action: HistoryAction, at: Date, by: Actor | undefined, status: SQL = sql`${applications.status}`) =>
  sql`${applications.history} || jsonb_build_array(jsonb_strip_nulls(jsonb_build_object('status', (${status})::text, 'at', ${at.toISOString()}::text, 'by', ${by ? sql`jsonb_build_object('_id', ${by._id}::text, 'name', ${by.name}::text)` : sql`null::jsonb`}, 'action', ${action}::text)))`;

/** Who made a move for a studio: its owner or a member of its casting office (docs/team.md). */
export interface Actor {
  _id: string;
  name: string;
}
