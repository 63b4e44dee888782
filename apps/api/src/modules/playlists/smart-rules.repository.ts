import {
  isSmartGroup,
  type TSmartGroup,
  type TSmartRule,
  type TSmartRules,
  type TSmartSortField,
} from '@cadence/contracts/smart-playlist';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { likePattern } from '../catalogue/catalogue-query.repository';

/**
 * Validated rules to Kysely expressions over `tracks` (joined to `albums` and, when a rule needs
 * the owner's plays, to `mine`). Every value is a bound parameter; the only SQL text is fixed.
 * A negative operator is the negation of its positive one with unknown taken as false, so a
 * track without an album or never played matches "album is not X" and "not in the last 30 days".
 */
export type SmartContext = { ownerId: number; now: Date };
type Bool = RawBuilder<SqlBool>;

const DAY_MS = 86_400_000;
const dayStart = (date: string) => new Date(`${date}T00:00:00Z`);
const dayAfter = (date: string) => new Date(dayStart(date).getTime() + DAY_MS);
const folded = (expression: Expression<unknown> | RawBuilder<unknown>) =>
  sql`cadence_unaccent(lower(${expression}))`;
const not = (positive: Bool): Bool => sql<SqlBool>`not coalesce(${positive}, false)`;
/**
 * The negation of an `exists (...)`, which is never unknown: written bare, the planner makes it an
 * anti-join and prices it as one. Behind `coalesce` it stayed a subplan priced per track of the
 * catalogue (a 1M-track plan cost in the hundreds of thousands, so JIT compiled it on every open).
 */
const notExists = (positive: Bool): Bool => sql<SqlBool>`not ${positive}`;
/** The fields whose rule is never unknown: an `exists (...)`, or an overlap of never-null arrays. */
const EXISTS_FIELDS: ReadonlySet<TSmartRule['field']> = new Set(['artist', 'genre', 'tag', 'liked']);

const POSITIVE_OF = { is_not: 'is', not_contains: 'contains', not_in_the_last: 'in_the_last' } as const;

function textMatch(column: RawBuilder<unknown>, operator: string, value: string): Bool {
  const escaped = likePattern(value).slice(1, -1);
  if (operator === 'is') return sql<SqlBool>`${folded(column)} = ${folded(sql.val(value))}`;
  const pattern = { contains: `%${escaped}%`, starts_with: `${escaped}%`, ends_with: `%${escaped}` }[
    operator as 'contains'
  ];
  return sql<SqlBool>`${folded(column)} like ${folded(sql.val(pattern))}`;
}

/**
 * Artists, genres and tags are many per track: a rule holds when one of them matches. Genres and
 * tags are read from the ids kept on `tracks` (never null): the matching ids are one array taken
 * once, and `&&` lets the tracks' GIN index meet the title's trigram index before the heap.
 */
function manyMatch(field: 'artist' | 'genre' | 'tag', operator: string, value: string): Bool {
  if (field === 'artist')
    return sql<SqlBool>`exists (select 1 from artist_track at join artists a on a.id = at.artist_id
      where at.track_id = tracks.id and ${textMatch(sql.ref('a.name'), operator, value)})`;
  if (field === 'genre')
    return sql<SqlBool>`tracks.genre_ids && array(select g.id from genres g
      where ${textMatch(sql`coalesce(g.display_name, g.name)`, operator, value)})`;
  return sql<SqlBool>`tracks.tag_ids && array(select tg.id from tags tg
    where ${textMatch(sql`coalesce(tg.display_name, tg.name)`, operator, value)})`;
}

function compare(column: RawBuilder<unknown>, operator: string, value: unknown): Bool {
  if (operator === 'between') {
    const [from, to] = value as [number, number];
    return sql<SqlBool>`(${column} >= ${from} and ${column} <= ${to})`;
  }
  const op = { is: '=', gt: '>', lt: '<' }[operator as 'is'];
  return sql<SqlBool>`${column} ${sql.raw(op)} ${value}`;
}

/**
 * Seconds as whole seconds of the stored milliseconds, rewritten as millisecond ranges so the
 * duration index serves them.
 */
function durationMatch(operator: string, value: unknown): Bool {
  const ms = sql.ref('tracks.duration');
  if (operator === 'between') {
    const [from, to] = value as [number, number];
    return sql<SqlBool>`(${ms} >= ${Math.ceil(from) * 1000} and ${ms} < ${(Math.floor(to) + 1) * 1000})`;
  }
  const seconds = value as number;
  if (operator === 'gt') return sql<SqlBool>`${ms} >= ${(Math.floor(seconds) + 1) * 1000}`;
  if (operator === 'lt') return sql<SqlBool>`${ms} < ${Math.ceil(seconds) * 1000}`;
  if (!Number.isInteger(seconds)) return sql<SqlBool>`false`;
  return sql<SqlBool>`(${ms} >= ${seconds * 1000} and ${ms} < ${(seconds + 1) * 1000})`;
}

/** Days are UTC days: "after 2024-01-01" starts at 2024-01-02T00:00Z. */
function dateMatch(column: RawBuilder<unknown>, operator: string, value: unknown, now: Date): Bool {
  if (operator === 'before') return sql<SqlBool>`${column} < ${dayStart(value as string)}`;
  if (operator === 'after') return sql<SqlBool>`${column} >= ${dayAfter(value as string)}`;
  if (operator === 'in_the_last')
    return sql<SqlBool>`${column} >= ${new Date(now.getTime() - (value as number) * DAY_MS)}`;
  const [from, to] = value as [string, string];
  return sql<SqlBool>`(${column} >= ${dayStart(from)} and ${column} < ${dayAfter(to)})`;
}

export const yearOf = sql<
  number | null
>`extract(year from coalesce(tracks.released_at, albums.release_date))::int`;
export const playCountOf = sql<number>`coalesce(mine.play_count, 0)`;
const likedBy = (ownerId: number) =>
  sql<SqlBool>`exists (select 1 from likes l where l.likeable_type = 'track'
    and l.user_id = ${ownerId} and l.likeable_id = tracks.id)`;

function positiveRule(rule: TSmartRule, context: SmartContext): Bool {
  const { field, operator, value } = rule;
  switch (field) {
    case 'title':
      return textMatch(sql.ref('tracks.name'), operator, value as string);
    case 'album':
      return textMatch(sql.ref('albums.name'), operator, value as string);
    case 'artist':
    case 'genre':
    case 'tag':
      return manyMatch(field, operator, value as string);
    case 'year':
      return compare(yearOf, operator, value);
    case 'duration':
      return durationMatch(operator, value);
    case 'play_count':
      return compare(playCountOf, operator, value);
    case 'date_added':
      return dateMatch(sql.ref('tracks.created_at'), operator, value, context.now);
    case 'last_played':
      return dateMatch(sql.ref('mine.last_played'), operator, value, context.now);
    case 'liked':
      return value ? likedBy(context.ownerId) : notExists(likedBy(context.ownerId));
  }
}

export function ruleMatch(rule: TSmartRule, context: SmartContext): Bool {
  const positive = POSITIVE_OF[rule.operator as keyof typeof POSITIVE_OF];
  if (!positive) return positiveRule(rule, context);
  const match = positiveRule({ ...rule, operator: positive }, context);
  return EXISTS_FIELDS.has(rule.field) ? notExists(match) : not(match);
}

function combine(match: 'all' | 'any', parts: Bool[]): Bool {
  return sql<SqlBool>`(${sql.join(parts, sql.raw(match === 'all' ? ' and ' : ' or '))})`;
}

export function rulesMatch(rules: Pick<TSmartRules, 'match' | 'rules'>, context: SmartContext): Bool {
  const entry = (item: TSmartRule | TSmartGroup) =>
    isSmartGroup(item)
      ? combine(
          item.match,
          item.rules.map((rule) => ruleMatch(rule, context)),
        )
      : ruleMatch(item, context);
  return combine(rules.match, rules.rules.map(entry));
}

/** The owner's rows a match needs: it holds only for a track the owner played, or liked. */
type Needs = ReadonlySet<'plays' | 'likes'>;
const PLAYS: Needs = new Set(['plays']);
const LIKES: Needs = new Set(['likes']);

/**
 * A rule that holds only for a track in the owner's plays (or likes): a play count above zero, a
 * last play in some range (never played is unknown, so false), liked. Negated operators, and any
 * rule a never-played track can meet, need nothing.
 */
function ruleNeeds(rule: TSmartRule): Needs | null {
  const { field, operator, value } = rule;
  if (field === 'liked') return operator === 'is' && value === true ? LIKES : null;
  if (field === 'last_played') return operator === 'not_in_the_last' ? null : PLAYS;
  if (field !== 'play_count') return null;
  if (operator === 'gt') return (value as number) >= 0 ? PLAYS : null;
  if (operator === 'is') return (value as number) > 0 ? PLAYS : null;
  if (operator === 'between') return (value as [number, number])[0] > 0 ? PLAYS : null;
  return null;
}

/** "all": one member's needs are enough; "any": every member must need something (their union). */
function groupNeeds(match: 'all' | 'any', members: Array<Needs | null>): Needs | null {
  if (match === 'all') return members.find((needs) => needs !== null) ?? null;
  if (members.length === 0 || members.some((needs) => needs === null)) return null;
  return new Set(members.flatMap((needs) => [...(needs as Needs)]));
}

/**
 * When the rules can only match tracks the owner played or liked (a few thousand rows, against a
 * catalogue of a million), the ids of those tracks, to start the statement from them. The same
 * rules still decide; this only narrows where the planner looks. Null: the rules need no such row.
 */
export function ownerCandidates(rules: TSmartRules, ownerId: number): Bool | null {
  const needs = groupNeeds(
    rules.match,
    rules.rules.map((item) =>
      isSmartGroup(item) ? groupNeeds(item.match, item.rules.map(ruleNeeds)) : ruleNeeds(item),
    ),
  );
  if (!needs) return null;
  const sources = [
    ...(needs.has('plays') ? [sql`select p.track_id from plays p where p.user_id = ${ownerId}`] : []),
    ...(needs.has('likes')
      ? [sql`select l.likeable_id from likes l where l.user_id = ${ownerId} and l.likeable_type = 'track'`]
      : []),
  ];
  return sql<SqlBool>`tracks.id = any(array(${sql.join(sources, sql` union `)}))`;
}

/** Whether the owner's plays must be joined: a rule or the sort reads them. */
export function readsPlays(rules: TSmartRules): boolean {
  const fields = rules.rules
    .flatMap((item) => (isSmartGroup(item) ? item.rules : [item]))
    .map((r) => r.field);
  return [...fields, rules.sort.field].some((field) => field === 'play_count' || field === 'last_played');
}

const primaryArtistName = sql`(select a.name from artist_track at join artists a on a.id = at.artist_id
  where at.track_id = tracks.id order by at."primary" desc, at.position limit 1)`;

export function sortKey(field: Exclude<TSmartSortField, 'random'>): RawBuilder<unknown> {
  const keys: Record<Exclude<TSmartSortField, 'random'>, RawBuilder<unknown>> = {
    title: sql`lower(tracks.name)`,
    artist: sql`lower(${primaryArtistName})`,
    album: sql`lower(albums.name)`,
    year: yearOf,
    duration: sql.ref('tracks.duration'),
    date_added: sql.ref('tracks.created_at'),
    play_count: playCountOf,
    last_played: sql.ref('mine.last_played'),
  };
  return keys[field];
}
