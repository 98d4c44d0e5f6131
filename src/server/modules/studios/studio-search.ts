/** Helpers of the studio search and the list's page cursor. */
import { sql, type SQL } from 'drizzle-orm';
import { isCursorInstant } from '../../lib/cursor-instant.js';
import { isUuid } from '../../lib/uuid.js';

/**
 * Escapes LIKE's wildcards and its escape character, so the text matches as written.
 * escapedLikeSql below is the same escape done by the database, for text only SQL has.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * escapeLike done in SQL, on an expression's value: for text the statement works out
 * itself, such as the search's folded text (search_fold), so the pattern stays one
 * expression the planner can fold to a constant (docs/screens.md, "Indexes").
 */
export function escapedLikeSql(text: SQL): SQL<string> {
  return sql<string>`replace(replace(replace(${text}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
}

export interface PageCursor {
  /** created_at with microseconds, as PostgreSQL prints it in UTC. */
  at: string;
  id: string;
}

/** An opaque cursor: the last row's (created_at, id), base64url encoded. */
export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(`${cursor.at}_${cursor.id}`, 'utf8').toString('base64url');
}

/** The cursor's position, or null when it was not made by encodeCursor. */
export function decodeCursor(value: string): PageCursor | null {
  const [at, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('_');
  if (rest.length > 0 || !at || !id || !isCursorInstant(at) || !isUuid(id)) return null;
  return { at, id };
}
