/**
 * Talent search (GET /api/studio/talent): public performers only, filtered on the numbers
 * the database keeps beside the free texts (docs/talent.md), ordered by how well the text
 * matches, then completeness, then how recently the profile changed, then id. A plan is
 * never part of the order.
 */
import { createHash } from 'node:crypto';
import { and, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import { TALENT_LIMITS, talentAnswer, type TalentAnswer, type TalentQuery } from '../../../contract/talent.js';
import { foldName, LANGUAGE_SUGGESTIONS, SKILL_SUGGESTIONS } from '../../../contract/resume.js';
import type { AppContext } from '../../context.js';
import { createCounterVersions } from '../../db/counter-versions.js';
import { performerUnavailability, talentTerms, talentWords, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { isCursorInstant } from '../../lib/cursor-instant.js';
import { createVersionedBodyCache, type CachedBody } from '../../lib/versioned-body-cache.js';
import { escapeLike } from '../studios/index.js';
import { isUuid } from '../../lib/uuid.js';
import { cardColumns, presentCard, type CardRow } from './talent.presenter.js';
import { heldSql } from '../guardians/index.js';
import { rowsOf } from '../../db/raw.js';

/** The text a search matches; after its first letter, written exactly as users_talent_text_after_first_trgm is, so the planner can use it. */
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
  if (kind !== 'talent' || forKey !== key || !/^-?\d{1,2}$/.test(score) || !/^\d{1,2}$/.test(completeness)) return null;
  if (!isCursorInstant(at) || !isUuid(id)) return null;
  return { score: Number(score), completeness: Number(completeness), at, id };
}

/** Rows of one or more scores, best first; `score` tells them apart when there are several. */
interface Tier {
  scores: number[];
  /** The tier's rows; when several statements find them, their pages are merged in order. None: every row. */
  matches: SQL[];
  score?: SQL<number>;
  /** The rows are walked through talent_terms (migration 0067) in its order, one word a statement. */
  viaTerms?: boolean;
  /** Several matches: one statement, each match a branch of it (UNION ALL) walked in the order and stopped at the page. */
  branches?: boolean;
}

/** More words than this holding a text: the trigram statement reads its matches once instead. */
const MOST_TERMS = 8;

/**
 * A text's matches, one statement per score tier, best first (docs/performance.md, "The
 * talent search on a miss"): the whole name (7), a name that starts with the text (3),
 * then every other match, a name holding it (1) before profession or location alone (0).
 * These are exactly the values the single score took, `(lower(fname) = lower(q))::int * 4
 * + (fname ilike 'q%')::int * 2 + (fname ilike '%q%')::int`, and in a UTF-8 database
 * ILIKE is LIKE of both sides lowered, so `lower(fname) collate "C"`
 * (users_talent_name_idx, migration 0036) against the lowered text selects the same rows.
 * Each statement stops at the page; the planner walks users_talent_name_idx or
 * users_talent_order_idx, or sorts a tier's matches, as the name statistics of migration
 * 0036 tell it. The last two tiers share one statement, since both are read through the
 * trigram index of the text after its first letter: a name that does not start with the
 * text holds it after its first letter, or it runs from the name into the profession.
 *
 * A text of ASCII letters and digits that a few words hold (`terms`, from talent_words) reads
 * those two tiers through talent_terms instead: each word's rows walked in the search's
 * order and stopped at the page, the name's words (1) before the rest (0), one statement a
 * word, merged (docs/performance.md, "Frequent words"). "actor" is one word of 11 250 rows
 * out of 100 000, read as the page's first few hundred.
 * The words are looked up (`termsOf`) only when those tiers are reached: a page the whole
 * names and the names starting with the text fill, or a cursor past them, asks nothing of
 * talent_words. The tiers come one at a time, so the caller stops asking once its page is full.
 *
 * Last comes a name a small typo or an accent away (-1; docs/talent.md, "Typos and
 * accents"): "Priyaa Shrama" finds Priya Sharma, "Zoe" finds Zoë. It is pg_trgm on the folded
 * name (search_fold): the text's word similarity to the name above 0.6 (a word of the name
 * nearly typed: "zoe", "rahul kapor"), or when no name is that near, the two texts'
 * similarity above 0.3 (typos all through: "priyaa shrama", 0.42), both pg_trgm's default
 * thresholds. The near names are ranked among the distinct names (talent_names, migration
 * 0068), their rows read on users_talent_name_idx, and it leaves out every row an earlier
 * tier holds.
 */
async function* textTiers(
  db: AppContext['db'],
  q: string,
  termsOf: (q: string) => Promise<string[] | null>,
  reached: (bottom: number) => boolean,
): AsyncGenerator<Tier> {
  const name = sql`(lower(${users.fname}) collate "C")`;
  const escaped = escapeLike(q);
  // Not a row of the tiers before the near names: none of them holds the text.
  const notHeld = sql`not ${searchable} ilike ${`%${escaped}%`}`;
  const startsWith = sql`${name} like lower(${`${escaped}%`})`;
  yield { scores: [7], matches: [sql`${name} = lower(${q})`] };
  // The LIKE's fixed prefix is the index range; "> q" leaves out the whole name.
  yield { scores: [3], matches: [sql`${startsWith} and ${name} > lower(${q})`] };
  // Tiers 1 and 0, whose rows are all above a cursor's tier of near names: skipped, so not looked up.
  if (reached(0)) {
    const terms = await termsOf(q);
    yield* terms ? termTiers(q, terms, name, startsWith, escaped) : [trigramTier(q, name, startsWith, escaped)];
  }
  // The names a word of is nearly typed first (word similarity: a few hundred rows at most);
  // only when no row has one, the names with typos all through (similarity). The names are
  // ranked among the distinct names (talent_names, migration 0068) by one statement, read
  // through their trigram index (talent_near_names, migration 0070: the planner would scan
  // the few pages and work out both similarities for every name), leaving
  // out a name that holds the text (its every row is in an earlier tier), and written into
  // the tier's statement as constants: its rows are read on users_talent_name_idx by their
  // lowered names and kept to those exact names. The same statement says, for each word-near
  // name, whether a public performer has it and is not in an earlier tier (`held`, a probe of
  // users_talent_name_idx), which decides the threshold. Each leaves out the rows an earlier
  // tier holds, so "none" means none new.
  const folded = sql`search_fold(${q})`;
  const near = await rowsOf<{ fname: string; lowered: string; similar: boolean; held: boolean }>(
    db,
    sql`select n.fname, lower(n.fname) as lowered, n.folded % ${folded} as similar,
          case when n.folded %> ${folded} then exists (
            select 1 from ${users} where ${publicPerformer} and ${name} = lower(n.fname) and ${users.fname} = n.fname and ${notHeld}
          ) else false end as held
        from talent_near_names(${folded}) n where not n.fname ilike ${`%${escaped}%`}`,
  );
  // One branch a lowered name, each users_talent_name_idx walked backwards in the search's
  // order and stopped at the page (docs/performance.md, "The talent search on a miss"): all the
  // names in one `= any(...)` were read whole (391 rows for "Priyaa Shrama") and sorted, and an
  // equality on the exact name beside it made the planner think a name held under one row, so
  // it never walked the index. The lowered name alone keeps the same rows: every spelling of it
  // is a name of talent_names with the same folded form, so near when it is, and a word-near
  // spelling not `held` has no row these conditions keep.
  const named = (names: typeof near) => [...new Set(names.map((n) => n.lowered))].map((lowered) => sql`${name} = ${lowered} and ${notHeld}`);
  // A word-near name that no public performer outside the earlier tiers has would find no row: left out.
  const wordHeld = near.filter((n) => n.held);
  const chosen = wordHeld.length > 0 ? wordHeld : near.filter((n) => n.similar);
  if (chosen.length > 0) yield { scores: [-1], matches: named(chosen), branches: true };
}

/** A name holding the text after its first letter (1) and the rest (0), read through the trigram index of the text after its first letter. */
function trigramTier(q: string, name: SQL, startsWith: SQL, escaped: string): Tier {
  return {
    scores: [1, 0],
    score: sql<number>`(${name} like lower(${`%${escaped}%`}))::int`,
    matches: [
      sql`substr(${searchable}, 2) ilike ${`%${escaped}%`} and not ${startsWith}`,
      // A row whose text starts with the text but whose name does not: its name is the
      // lowered text up to one of its spaces (lower() keeps spaces where they are), each
      // an equality on users_talent_name_idx. Its own statement, so that the trigram
      // statement's condition stays one the index checks.
      ...(q.includes(' ')
        ? [
            sql`${name} = any(array(select left(lower(${q}), i - 1) from generate_series(1, length(lower(${q}))) i where substr(lower(${q}), i, 1) = ' '))
            and starts_with(lower(${searchable}), lower(${q}))`,
          ]
        : []),
    ],
  };
}

/** The same two tiers through the words that hold the text (none: no row holds it), one statement a word. */
function termTiers(q: string, terms: string[], name: SQL, startsWith: SQL, escaped: string): Tier[] {
  if (terms.length === 0) return [];
  return [
    // A row found by two of its name's words is shown once (the merge).
    // A word that starts with the text: the rows it leads have names starting with the text
    // (the tier before), so only those it does not lead are walked (talent_terms_inner_idx,
    // migration 0069).
    {
      scores: [1],
      matches: terms.map((term) =>
        term.startsWith(q.toLowerCase())
          ? sql`${talentTerms.term} = ${term} and ${talentTerms.inName} and not ${talentTerms.leads} and not ${startsWith}`
          : sql`${talentTerms.term} = ${term} and ${talentTerms.inName} and not ${startsWith}`,
      ),
      viaTerms: true,
    },
    // Its profession or location alone: no word of the name holds the text.
    {
      scores: [0],
      matches: terms.map((term) => sql`${talentTerms.term} = ${term} and not ${talentTerms.inName} and not ${name} like lower(${`%${escaped}%`})`),
      viaTerms: true,
    },
  ];
}

const knownSkills = SKILL_SUGGESTIONS.map(foldName);
const knownLanguages = LANGUAGE_SUGGESTIONS.map(foldName);
/** A filter value's near suggestions (`keysNear`), by column and folded value; shared by every search of the process. */
const nearKeys = new LRUCache<string, string[]>({ max: 1000 });

/**
 * A résumé filter's keys: the folded name as typed; and when that is not itself a suggested
 * name, the suggested names a small typo away ("bharatnatyam" finds Bharatanatyam; trigram
 * similarity of at least 0.4: "hindhi" is 0.44 from Hindi), so "Kathak" never finds Kathakali.
 * The near names are worked out by pg_trgm's `similarity()` in a statement of their own the
 * first time a value is asked, and kept in `nearKeys`: they depend on the value alone (the
 * suggestions are constants), so a later miss with the same value sends no statement for
 * them. They are written into the search's statements as constants: the planner then
 * estimates the GIN filter from the column's statistics, where an array it could not see (a
 * subquery) was priced as a few hundred rows and chosen to start from (docs/performance.md,
 * "The talent search on a miss").
 */
async function keysNear(db: AppContext['db'], column: typeof users.skillKeys | typeof users.languageKeys, typed: string, known: readonly string[]): Promise<SQL> {
  if (known.includes(typed)) return sql`${column} @> array[${typed}]::text[]`;
  const cacheKey = `${column.name}\u0000${typed}`;
  let near = nearKeys.get(cacheKey);
  if (!near) {
    const names = sql.join(known.map((k) => sql`${k}`), sql`, `);
    near = (await rowsOf<{ k: string }>(db, sql`select k from unnest(array[${names}]::text[]) k where similarity(k, ${typed}) >= 0.4`)).map((r) => r.k);
    nearKeys.set(cacheKey, near);
  }
  const keys = [...near, typed];
  return sql`${column} && array[${sql.join(keys.map((k) => sql`${k}`), sql`, `)}]::text[]`;
}

/** The search's order: score, completeness, profile_changed_at (fixed-width UTC text), id (UUIDs order as their text), each descending. */
const before = (a: { score: number; completeness: number; changedAt: string; id: string }, b: typeof a) =>
  b.score - a.score || b.completeness - a.completeness || (a.changedAt === b.changedAt ? (a.id < b.id ? 1 : -1) : a.changedAt < b.changedAt ? 1 : -1);

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

    /**
     * The words (talent_words) that hold a text of ASCII letters and digits, when at most
     * MOST_TERMS do; otherwise null, and the search reads the trigram index instead.
     */
    async termsHolding(q: string): Promise<string[] | null> {
      if (!/^[a-z0-9]+$/i.test(q)) return null;
      const found = await db
        .select({ term: talentWords.term })
        .from(talentWords)
        .where(sql`${talentWords.term} like ${`%${q.toLowerCase()}%`}`)
        .limit(MOST_TERMS + 1);
      return found.length > MOST_TERMS ? null : found.map((r) => r.term);
    },

    async page(query: TalentQuery): Promise<TalentAnswer> {
      // A minor without a guardian's consent is private anyway; the check keeps them out whatever the switch says (docs/guardians.md).
      const where: SQL[] = [publicPerformer, sql`not ${heldSql(users.id)}`];
      const q = query.q?.trim();
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
      for (const skill of query.skill ?? []) where.push(await keysNear(db, users.skillKeys, skill, knownSkills));
      if (query.language) where.push(await keysNear(db, users.languageKeys, query.language, knownLanguages));
      // Written with the partial index's own predicate, which a parameter alone cannot prove.
      if (query.union) where.push(sql`${users.unionStatus} = ${query.union} and ${users.unionStatus} <> 'none'`);

      // Free on every day asked: no range of theirs shares a day with it (docs/talent.md,
      // "Availability"); one bound alone asks about that single day. An index probe per row
      // (performer_unavailability_user_idx); its writes move the cache's version (migration 0053).
      if (query.availableFrom || query.availableTo) {
        const from = query.availableFrom ?? query.availableTo!;
        const to = query.availableTo ?? query.availableFrom!;
        where.push(
          sql`not exists (select 1 from ${performerUnavailability} pu where pu.user_id = ${users.id} and pu.from_date <= ${to}::date and pu.to_date >= ${from}::date)`,
        );
      }

      const key = filtersKey(query);
      const p = query.cursor ? decode(query.cursor, key) : undefined;
      if (p === null) throw errors.invalidCursor('talent');
      // Without a text every row scores 0 and the cursor's score says nothing.
      const from = p && { ...p, score: q ? p.score : 0 };
      const size = TALENT_LIMITS.page;
      const rows: (CardRow & { score: number; completeness: number; changedAt: string })[] = [];
      // Every row of a tier whose lowest score is above the cursor's comes before it: shown on an earlier page.
      const shownBefore = (bottom: number) => !!from && bottom > from.score;
      const tiers: AsyncIterable<Tier> | Tier[] = q ? textTiers(db, q, (text) => this.termsHolding(text), (bottom) => !shownBefore(bottom)) : [{ scores: [0], matches: [] } satisfies Tier];
      // Leaving the loop (the page full) stops the tiers: those after it, and their look-ups, never run.
      for await (const tier of tiers) {
        const top = tier.scores[0]!;
        const bottom = tier.scores.at(-1)!;
        if (shownBefore(bottom)) continue;
        const bounds = [...where];
        // The order's columns: talent_terms' own copy when its index is walked.
        const order = tier.viaTerms
          ? [talentTerms.completeness, talentTerms.profileChangedAt, talentTerms.userId]
          : [users.completeness, users.profileChangedAt, users.id];
        // The cursor's own tier starts after it; a tier wholly below the cursor's score starts at its top.
        if (from && top >= from.score) {
          const after = sql`(${order[0]}, ${order[1]}, ${order[2]}) < (${from.completeness}, ${from.at}::timestamptz, ${from.id}::uuid)`;
          bounds.push(tier.score ? sql`(${tier.score}, ${order[0]}, ${order[1]}, ${order[2]}) < (${from.score}, ${from.completeness}, ${from.at}::timestamptz, ${from.id}::uuid)` : after);
        }
        const wanted = size + 1 - rows.length;
        const read = (matches: SQL | undefined) => {
          const columns = { ...cardColumns, score: tier.score ?? sql<number>`${sql.raw(String(top))}`, completeness: users.completeness, changedAt };
          const query = tier.viaTerms
            ? db.select(columns).from(talentTerms).innerJoin(users, sql`${users.id} = ${talentTerms.userId}`)
            : db.select(columns).from(users);
          return (
            query
              // Through talent_terms the filters are one expression the planner cannot
              // read an index for (a subquery of the row's values), so it walks the word's
              // rows in order and fetches each performer's row by id: given the filters'
              // indexes it started from one, thinking few rows matched all of them (every
              // filter: 4 633 rows read for none, docs/performance.md "The talent search on
              // a miss").
              .where(tier.viaTerms ? and(matches, sql`(select ${and(...bounds)})`) : and(...bounds, matches))
              // Written as users_talent_order_idx (or talent_terms_order_idx) is walked backwards
              // (NOT NULL columns, so DESC's NULLS FIRST changes nothing but lets the planner use
              // it), and as users_talent_name_idx is after its name.
              .orderBy(...(tier.score ? [sql`${tier.score} desc`] : []), ...order.map((c) => sql`${c} desc`))
              .limit(wanted)
              .then((found) => found.map((r) => ({ ...r, score: Number(r.score) })))
          );
        };
        const [first, ...more] = tier.matches;
        const branch = (matches: SQL | undefined) =>
          db
            .select({ ...cardColumns, score: sql<number>`${sql.raw(String(top))}`, completeness: users.completeness, changedAt })
            .from(users)
            .where(and(...bounds, matches))
            .orderBy(...[users.completeness, users.profileChangedAt, users.id].map((c) => sql`${c} desc`))
            .limit(wanted);
        let found =
          tier.branches && more.length > 0
            ? // Each branch a page in order, merged here (a row has one name: no branch repeats another's rows).
              (await unionAll(branch(first), branch(more[0]), ...more.slice(1).map(branch)))
                .map((r) => ({ ...r, score: Number(r.score) }))
                .sort(before)
                .slice(0, wanted)
            : await read(first);
        // More statements of one tier: their pages merged in order, a row found twice shown once.
        for (const matches of tier.branches ? [] : more) {
          const seen = new Set(found.map((r) => r.id));
          found = [...found, ...(await read(matches)).filter((r) => !seen.has(r.id))].sort(before).slice(0, wanted);
        }
        rows.push(...found);
        if (rows.length > size) break;
      }
      const more = rows.length > size;
      const shown = more ? rows.slice(0, size) : rows;
      const last = shown.at(-1);
      return {
        talent: shown.map(presentCard),
        nextCursor: more && last ? encode({ score: last.score, completeness: last.completeness, at: last.changedAt, id: last.id }, key) : null,
      };
    },
  };
}
