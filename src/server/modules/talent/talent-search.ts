/**
 * Talent search (GET /api/studio/talent): public performers only, filtered on the numbers
 * the database keeps beside the free texts (docs/talent.md), ordered by how well the text
 * matches, then completeness, then how recently the profile changed, then id. A plan is
 * never part of the order.
 */
import { createHash } from 'node:crypto';
import { and, sql, type SQL } from 'drizzle-orm';
import { TALENT_LIMITS, TALENT_MSG, talentAnswer, type TalentAnswer, type TalentQuery } from '../../../contract/talent.js';
import type { AppContext } from '../../context.js';
import { createCounterVersions } from '../../db/counter-versions.js';
import { users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { isCursorInstant } from '../../lib/cursor-instant.js';
import { createVersionedBodyCache, type CachedBody } from '../../lib/versioned-body-cache.js';
import { escapeLike } from '../studios/index.js';
import { isUuid } from '../../lib/uuid.js';
import { cardColumns, presentCard } from './talent.presenter.js';

/** Written exactly as the users_talent_text_trgm index is, so the planner can use it. */
const searchable = sql`(${users.fname} || ' ' || ${users.category} || ' ' || ${users.location})`;
/** Written as the partial indexes' predicate. */
const publicPerformer = sql`${users.role} = 'performer' and ${users.visibility} = 'public'`;
/** profile_changed_at to the microsecond, so the cursor never skips a row changed in the same millisecond. */
const changedAt = sql<string>`to_char(${users.profileChangedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

interface Position {
  score: number;
  completeness: number;
  at: string;
  id: string;
}

/** Serialized pages (about 10 KB each with their compressed bytes): at most this many bytes. */
const TALENT_CACHE_BYTES = 16 * 1024 * 1024;

/** The query's values in a fixed order, empty ones left out: two queries they match answer alike. */
function canonical(query: Partial<TalentQuery>): [string, unknown][] {
  return Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== '')
    .sort(([a], [b]) => a.localeCompare(b));
}

/** The filters a cursor belongs to: a cursor of another search (or another list) is refused. */
function filtersKey(query: TalentQuery): string {
  const { cursor: _cursor, ...filters } = query;
  return createHash('sha256').update(JSON.stringify(canonical(filters))).digest('base64url').slice(0, 12);
}

function encode(p: Position, key: string): string {
  return Buffer.from(['talent', p.score, p.completeness, p.at, p.id, key].join('|'), 'utf8').toString('base64url');
}

function decode(value: string, key: string): Position | null {
  const parts = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (parts.length !== 6) return null;
  const [kind, score, completeness, at, id, forKey] = parts as [string, string, string, string, string, string];
  if (kind !== 'talent' || forKey !== key || !/^\d{1,2}$/.test(score) || !/^\d{1,2}$/.test(completeness)) return null;
  if (!isCursorInstant(at) || !isUuid(id)) return null;
  return { score: Number(score), completeness: Number(completeness), at, id };
}

export function createTalentSearch(ctx: AppContext) {
  const { db } = ctx;
  const versions = createCounterVersions(ctx);
  const bodies = createVersionedBodyCache({ maxBytes: TALENT_CACHE_BYTES });

  return {
    /**
     * A page as its serialized answer, cached by the performers' change counter (the
     * version the change feed spreads, migration 0019) and every value of the query,
     * cursor included. No part of the answer depends on the studio that asks, so the
     * studio is not in the key. The version is read before the query: a write in between
     * leaves newer rows under the older key, never older ones.
     */
    async pageBody(query: TalentQuery): Promise<CachedBody> {
      const key = `${await versions('performers')}\u0000${JSON.stringify(canonical(query))}`;
      return bodies.get(key) ?? bodies.set(key, JSON.stringify(talentAnswer.encode(await this.page(query))));
    },

    /** Sends a body from `pageBody()` as the 200 answer, compressed bytes reused. */
    send: bodies.send,

    async page(query: TalentQuery): Promise<TalentAnswer> {
      const where: SQL[] = [publicPerformer];
      const q = query.q?.trim();
      if (q) where.push(sql`${searchable} ilike ${`%${escapeLike(q)}%`}`);
      // A default the performer never saved is not a choice (docs/talent.md, "Stated, not defaulted").
      if (query.profession) where.push(sql`${users.category} = ${query.profession} and ${users.profileStatedAt} is not null`);
      if (query.gender) where.push(sql`${users.gender} = ${query.gender} and ${users.profileStatedAt} is not null`);
      // A null (unparsed) number fails every comparison: it matches no bound.
      if (query.ageMin !== undefined) where.push(sql`${users.ageYears} >= ${query.ageMin}`);
      if (query.ageMax !== undefined) where.push(sql`${users.ageYears} <= ${query.ageMax}`);
      if (query.heightMin !== undefined) where.push(sql`${users.heightCm} >= ${query.heightMin}`);
      if (query.heightMax !== undefined) where.push(sql`${users.heightCm} <= ${query.heightMax}`);
      const location = query.location?.trim();
      if (location) where.push(sql`${users.location} ilike ${`%${escapeLike(location)}%`}`);
      if (query.has === 'photos') where.push(sql`${users.photoCount} > 0`);
      if (query.has === 'videos') where.push(sql`${users.videoCount} > 0`);
      if (query.has === 'audios') where.push(sql`${users.audioCount} > 0`);
      // The résumé's folded names, each filter on its GIN index (migration 0028).
      if (query.skill?.length) where.push(sql`${users.skillKeys} @> array[${sql.join(query.skill.map((s) => sql`${s}`), sql`, `)}]::text[]`);
      if (query.language) where.push(sql`${users.languageKeys} @> array[${query.language}]::text[]`);
      // Written with the partial index's own predicate, which a parameter alone cannot prove.
      if (query.union) where.push(sql`${users.unionStatus} = ${query.union} and ${users.unionStatus} <> 'none'`);

      // How well the text matches: the whole name, then a name that starts with it, then
      // a name that holds it; profession or location alone scores 0. Without a text every
      // row scores 0 and the order is the index's.
      const score = q
        ? sql<number>`((lower(${users.fname}) = lower(${q}))::int * 4 + (${users.fname} ilike ${`${escapeLike(q)}%`})::int * 2 + (${users.fname} ilike ${`%${escapeLike(q)}%`})::int)`
        : sql<number>`0`;
      const key = filtersKey(query);
      if (query.cursor) {
        const p = decode(query.cursor, key);
        if (!p) throw errors.badRequest(TALENT_MSG.invalidCursor, 'invalid_cursor');
        where.push(
          q
            ? sql`(${score}, ${users.completeness}, ${users.profileChangedAt}, ${users.id}) < (${p.score}, ${p.completeness}, ${p.at}::timestamptz, ${p.id}::uuid)`
            : sql`(${users.completeness}, ${users.profileChangedAt}, ${users.id}) < (${p.completeness}, ${p.at}::timestamptz, ${p.id}::uuid)`,
        );
      }
      const size = TALENT_LIMITS.page;
      const rows = await db
        .select({ ...cardColumns, score, completeness: users.completeness, changedAt })
        .from(users)
        .where(and(...where))
        // Written as users_talent_order_idx is walked backwards (NOT NULL columns, so DESC's
        // NULLS FIRST changes nothing but lets the planner use it).
        .orderBy(...(q ? [sql`${score} desc`] : []), sql`${users.completeness} desc`, sql`${users.profileChangedAt} desc`, sql`${users.id} desc`)
        .limit(size + 1);
      const more = rows.length > size;
      const shown = more ? rows.slice(0, size) : rows;
      const last = shown.at(-1);
      return {
        talent: shown.map(presentCard),
        nextCursor:
          more && last ? encode({ score: Number(last.score), completeness: last.completeness, at: last.changedAt, id: last.id }, key) : null,
      };
    },
  };
}
