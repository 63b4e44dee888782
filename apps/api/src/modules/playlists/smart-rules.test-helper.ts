import {
  isSmartGroup,
  SMART_FIELDS,
  SMART_OPERATORS,
  SMART_SORT_FIELDS,
  type TSmartField,
  type TSmartGroup,
  type TSmartRule,
  type TSmartRules,
} from '@cadence/contracts/smart-playlist';
import fc from 'fast-check';

/** One track as the rules see it, for the in-memory twin of the SQL compiler. */
export type MemoryTrack = {
  id: number;
  title: string;
  album: string | null;
  artists: string[];
  genres: string[];
  tags: string[];
  year: number | null;
  durationMs: number | null;
  createdAt: Date;
  playCount: number;
  lastPlayed: Date | null;
  isLiked: boolean;
  isPrivate: boolean;
  ownerId: number | null;
};

const DAY_MS = 86_400_000;
const dayStart = (date: string) => new Date(`${date}T00:00:00Z`).getTime();
// The compiler's folding: lower() then unaccent(); generated text keeps to letters both agree on.
const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

function textHolds(text: string | null, operator: string, value: string): boolean {
  if (text === null) return false;
  const [t, v] = [fold(text), fold(value)];
  if (operator === 'is') return t === v;
  if (operator === 'contains') return t.includes(v);
  if (operator === 'starts_with') return t.startsWith(v);
  return t.endsWith(v);
}

function numberHolds(n: number | null, operator: string, value: unknown): boolean {
  if (n === null) return false;
  if (operator === 'between') return n >= (value as number[])[0]! && n <= (value as number[])[1]!;
  const v = value as number;
  return operator === 'is' ? n === v : operator === 'gt' ? n > v : n < v;
}

function dateHolds(date: Date | null, operator: string, value: unknown, now: Date): boolean {
  if (date === null) return false;
  const t = date.getTime();
  if (operator === 'before') return t < dayStart(value as string);
  if (operator === 'after') return t >= dayStart(value as string) + DAY_MS;
  if (operator === 'in_the_last') return t >= now.getTime() - (value as number) * DAY_MS;
  const [from, to] = value as [string, string];
  return t >= dayStart(from) && t < dayStart(to) + DAY_MS;
}

const NEGATED = { is_not: 'is', not_contains: 'contains', not_in_the_last: 'in_the_last' } as const;

function ruleHolds(track: MemoryTrack, rule: TSmartRule, now: Date): boolean {
  const positive = NEGATED[rule.operator as keyof typeof NEGATED];
  if (positive) return !ruleHolds(track, { ...rule, operator: positive }, now);
  const { field, operator, value } = rule;
  const many = (names: string[]) => names.some((name) => textHolds(name, operator, value as string));
  switch (field) {
    case 'title':
      return textHolds(track.title, operator, value as string);
    case 'album':
      return textHolds(track.album, operator, value as string);
    case 'artist':
      return many(track.artists);
    case 'genre':
      return many(track.genres);
    case 'tag':
      return many(track.tags);
    case 'year':
      return numberHolds(track.year, operator, value);
    case 'duration':
      return numberHolds(
        track.durationMs === null ? null : Math.floor(track.durationMs / 1000),
        operator,
        value,
      );
    case 'play_count':
      return numberHolds(track.playCount, operator, value);
    case 'date_added':
      return dateHolds(track.createdAt, operator, value, now);
    case 'last_played':
      return dateHolds(track.lastPlayed, operator, value, now);
    case 'liked':
      return track.isLiked === value;
  }
}

const holds = (
  track: MemoryTrack,
  match: 'all' | 'any',
  entries: Array<TSmartRule | TSmartGroup>,
  now: Date,
) => {
  const each = (entry: TSmartRule | TSmartGroup): boolean =>
    isSmartGroup(entry) ? holds(track, entry.match, entry.rules, now) : ruleHolds(track, entry, now);
  return match === 'all' ? entries.every(each) : entries.some(each);
};

/** Sort keys with one order in every collation; text and random sorts are compared as sets. */
export const EXACT_SORTS = new Set(['year', 'duration', 'date_added', 'play_count', 'last_played']);
const sortValue = (track: MemoryTrack, field: string): number | null =>
  ({
    year: track.year,
    duration: track.durationMs,
    date_added: track.createdAt.getTime(),
    play_count: track.playCount,
    last_played: track.lastPlayed?.getTime() ?? null,
  })[field] ?? null;

/** The ids the rules give over the catalogue, in order when the sort is an exact one. */
export function memoryEvaluate(
  tracks: MemoryTrack[],
  rules: TSmartRules,
  viewerId: number,
  now: Date,
): number[] {
  const visible = tracks.filter((track) => !track.isPrivate || track.ownerId === viewerId);
  const matched = visible.filter((track) => holds(track, rules.match, rules.rules, now));
  const { field, order } = rules.sort;
  if (EXACT_SORTS.has(field)) {
    matched.sort((a, b) => {
      const [x, y] = [sortValue(a, field), sortValue(b, field)];
      if (x === y) return a.id - b.id;
      if (x === null) return 1;
      if (y === null) return -1;
      return order === 'asc' ? x - y : y - x;
    });
  }
  return matched.map((track) => track.id);
}

// Letters whose lower() and unaccent() agree in every database locale, plus LIKE's wildcards.
export const textArb = fc
  .array(fc.constantFrom('a', 'b', 'A', 'é', '%', '_'), { minLength: 1, maxLength: 3 })
  .map((letters) => letters.join(''));
export const dayArb = fc
  .integer({ min: 0, max: 2400 })
  .map((n) => new Date(Date.UTC(2020, 0, 1) + n * DAY_MS));
const dateTextArb = dayArb.map((date) => date.toISOString().slice(0, 10));

function ruleArbFor(field: TSmartField): fc.Arbitrary<TSmartRule> {
  const type = SMART_FIELDS[field];
  const operator = fc.constantFrom(...(SMART_OPERATORS[type] as readonly string[]));
  return operator.chain((op) => {
    let value: fc.Arbitrary<TSmartRule['value']>;
    if (type === 'text') value = textArb;
    else if (type === 'boolean') value = fc.boolean();
    else if (type === 'number') {
      const n = field === 'year' ? fc.integer({ min: 2018, max: 2026 }) : fc.integer({ min: 0, max: 400 });
      value = op === 'between' ? fc.tuple(n, n) : n;
    } else if (op === 'between') value = fc.tuple(dateTextArb, dateTextArb);
    else if (op.endsWith('in_the_last')) value = fc.integer({ min: 1, max: 2500 });
    else value = dateTextArb;
    return value.map((v) => ({ field, operator: op, value: v }) as TSmartRule);
  });
}

export const ruleArb = fc
  .constantFrom(...(Object.keys(SMART_FIELDS) as TSmartField[]))
  .chain((field) => ruleArbFor(field));
const matchArb = fc.constantFrom<'all' | 'any'>('all', 'any');
const groupArb = fc.record({ match: matchArb, rules: fc.array(ruleArb, { minLength: 1, maxLength: 3 }) });

export const rulesArb: fc.Arbitrary<TSmartRules> = fc.record({
  match: matchArb,
  rules: fc.array(fc.oneof(ruleArb, ruleArb, groupArb), { minLength: 1, maxLength: 4 }),
  sort: fc.record({
    field: fc.constantFrom(...SMART_SORT_FIELDS),
    order: fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
  }),
  limit: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
});
