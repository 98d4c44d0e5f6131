/**
 * An application's history entries for what a studio does besides moves (docs/team.md, "Who
 * did what"), and who did it. Its own small area, below applications and slots, so that both
 * write entries without one importing the other.
 */
import { SQL, sql } from 'drizzle-orm';
import type { HistoryAction } from '../../../contract/applications.js';
import { applications } from '../../db/schema/index.js';

/**
 * A history entry for one of the studio's other actions on an application (docs/team.md):
 * the status it is in (`status` in SQL, default the row's), when, who and what. Who may be
 * given as a jsonb expression (`{ _id, name }` or null), for a statement that reads the actor
 * itself.
 */
export const historyAction = (action: HistoryAction, at: Date, by: Actor | SQL | undefined, status: SQL = sql`${applications.status}`) =>
  sql`${applications.history} || jsonb_build_array(jsonb_strip_nulls(jsonb_build_object('status', (${status})::text, 'at', ${at.toISOString()}::text, 'by', ${actorJsonb(by)}, 'action', ${action}::text)))`;

/** Who, as the jsonb `{ _id, name }` histories and `changed_by` keep (null for nobody). */
export const actorJsonb = (by: Actor | SQL | undefined): SQL =>
  by instanceof SQL ? sql`(${by})::jsonb` : by ? sql`jsonb_build_object('_id', ${by._id}::text, 'name', ${by.name}::text)` : sql`null::jsonb`;

/** Who made a move for a studio: its owner or a member of its casting office (docs/team.md). */
export interface Actor {
  _id: string;
  name: string;
}
