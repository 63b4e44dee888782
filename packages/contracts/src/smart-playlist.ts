import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** What each rule field compares: it decides the operators and the value a rule takes. */
export const SMART_FIELDS = {
  title: 'text',
  artist: 'text',
  album: 'text',
  genre: 'text',
  tag: 'text',
  year: 'number',
  /** Seconds (tracks store milliseconds). */
  duration: 'number',
  date_added: 'date',
  /** The playlist owner's own plays of the track. */
  play_count: 'number',
  last_played: 'date',
  liked: 'boolean',
} as const;
export type TSmartField = keyof typeof SMART_FIELDS;
export type TSmartFieldType = (typeof SMART_FIELDS)[TSmartField];

export const SMART_OPERATORS = {
  text: ['is', 'is_not', 'contains', 'not_contains', 'starts_with', 'ends_with'],
  number: ['is', 'is_not', 'gt', 'lt', 'between'],
  date: ['before', 'after', 'in_the_last', 'not_in_the_last', 'between'],
  boolean: ['is'],
} as const;
export type TSmartOperator = (typeof SMART_OPERATORS)[TSmartFieldType][number];

/** Sorting by a many-valued field (genre, tag) has no single key, so those are left out. */
export const SMART_SORT_FIELDS = [
  'title',
  'artist',
  'album',
  'year',
  'duration',
  'date_added',
  'play_count',
  'last_played',
  'random',
] as const;
export type TSmartSortField = (typeof SMART_SORT_FIELDS)[number];

export const SMART_RULES_MAX = 50;
export const SMART_LIMIT_MAX = 5_000;
export const SMART_TEXT_MAX = 200;
export const SMART_DAYS_MAX = 36_500;

export type TSmartValue = string | number | boolean | [number, number] | [string, string];
export type TSmartRule = { field: TSmartField; operator: TSmartOperator; value: TSmartValue };
export type TSmartMatch = 'all' | 'any';
export type TSmartGroup = { match: TSmartMatch; rules: TSmartRule[] };
export type TSmartRules = {
  match: TSmartMatch;
  rules: Array<TSmartRule | TSmartGroup>;
  sort: { field: TSmartSortField; order: 'asc' | 'desc' };
  limit: number | null;
};

export const isSmartGroup = (entry: TSmartRule | TSmartGroup): entry is TSmartGroup => 'match' in entry;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: unknown): value is string =>
  typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isPair = (value: unknown, check: (item: unknown) => boolean) =>
  Array.isArray(value) && value.length === 2 && value.every(check);

/** The value an operator of a field type takes, and how to say so when it is wrong. */
function valueProblem(type: TSmartFieldType, operator: string, value: unknown): string | null {
  if (type === 'text') {
    const isText = typeof value === 'string' && value.length > 0 && value.length <= SMART_TEXT_MAX;
    return isText ? null : `needs text of 1 to ${SMART_TEXT_MAX} characters.`;
  }
  if (type === 'boolean') return typeof value === 'boolean' ? null : 'needs true or false.';
  if (operator === 'between') {
    if (type === 'number') return isPair(value, isNumber) ? null : 'needs two numbers: [from, to].';
    return isPair(value, isDate) ? null : 'needs two dates: ["YYYY-MM-DD", "YYYY-MM-DD"].';
  }
  if (type === 'number') return isNumber(value) ? null : 'needs a number.';
  if (operator === 'in_the_last' || operator === 'not_in_the_last') {
    const isDays = Number.isInteger(value) && (value as number) >= 1 && (value as number) <= SMART_DAYS_MAX;
    return isDays ? null : `needs a whole number of days from 1 to ${SMART_DAYS_MAX}.`;
  }
  return isDate(value) ? null : 'needs a date (YYYY-MM-DD).';
}

type Issue = { path: Array<string | number>; message: string };
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const MATCH_MESSAGE = 'Choose "all" or "any".';

function ruleIssues(entry: Record<string, unknown>, path: Array<string | number>): Issue[] {
  const { field, operator, value } = entry;
  const type = typeof field === 'string' ? SMART_FIELDS[field as TSmartField] : undefined;
  if (!type || !Object.hasOwn(SMART_FIELDS, field as string)) {
    const known = Object.keys(SMART_FIELDS).join(', ');
    return [{ path: [...path, 'field'], message: `Unknown field "${String(field)}". Use one of: ${known}.` }];
  }
  const operators: readonly string[] = SMART_OPERATORS[type];
  if (typeof operator !== 'string' || !operators.includes(operator)) {
    return [
      {
        path: [...path, 'operator'],
        message: `Unknown operator "${String(operator)}" for ${field}. Use one of: ${operators.join(', ')}.`,
      },
    ];
  }
  const problem = valueProblem(type, operator, value);
  return problem ? [{ path: [...path, 'value'], message: `${field} ${operator} ${problem}` }] : [];
}

/** Walks the root's entries: rules, or groups of rules one level deep. */
function entriesIssues(entries: unknown[], path: Array<string | number>, isNested: boolean): Issue[] {
  return entries.flatMap((entry, index): Issue[] => {
    const at = [...path, index];
    if (!isObject(entry))
      return [{ path: at, message: 'A rule is an object with field, operator and value.' }];
    if (!('match' in entry)) return ruleIssues(entry, at);
    if (isNested) return [{ path: at, message: 'Groups nest one level: a group holds rules only.' }];
    const issues: Issue[] = [];
    if (entry.match !== 'all' && entry.match !== 'any')
      issues.push({ path: [...at, 'match'], message: MATCH_MESSAGE });
    if (!Array.isArray(entry.rules) || entry.rules.length === 0)
      return [...issues, { path: [...at, 'rules'], message: 'A group needs at least one rule.' }];
    return [...issues, ...entriesIssues(entry.rules, [...at, 'rules'], true)];
  });
}

export function countSmartRules(rules: unknown[]): number {
  return rules.reduce<number>(
    (sum, entry) => sum + (isObject(entry) && Array.isArray(entry.rules) ? entry.rules.length : 1),
    0,
  );
}

const ZSmartRulesShape = lazySchema(() =>
  z.object({
    match: z.enum(['all', 'any'], { error: MATCH_MESSAGE }),
    rules: z.array(z.unknown()).min(1, 'Add at least one rule.'),
    sort: z
      .object({
        field: z.enum(SMART_SORT_FIELDS, { error: `Sort by one of: ${SMART_SORT_FIELDS.join(', ')}.` }),
        order: z.enum(['asc', 'desc'], { error: 'Choose "asc" or "desc".' }).default('asc'),
      })
      .default({ field: 'title', order: 'asc' }),
    limit: z
      .number({ error: 'The limit must be a whole number.' })
      .int('The limit must be a whole number.')
      .min(1, 'The limit must be at least 1.')
      .max(SMART_LIMIT_MAX, `The limit may not be more than ${SMART_LIMIT_MAX}.`)
      .nullable()
      .default(null),
  }),
);

/**
 * Smart playlist rules. Checked by hand after the shape so every problem names its rule
 * (`rules.2.operator`) with a sentence a listener can act on, and 1,000 rules stop at the count.
 */
export const ZSmartRulesSchema = lazySchema(
  () =>
    ZSmartRulesShape.superRefine((input, ctx) => {
      if (countSmartRules(input.rules) > SMART_RULES_MAX) {
        ctx.addIssue({
          code: 'custom',
          path: ['rules'],
          message: `A smart playlist may have at most ${SMART_RULES_MAX} rules.`,
        });
        return;
      }
      for (const issue of entriesIssues(input.rules, ['rules'], false))
        ctx.addIssue({ code: 'custom', ...issue });
    }) as unknown as z.ZodType<TSmartRules, z.input<typeof ZSmartRulesShape>>,
);

export const ZSmartCountRequestSchema = lazySchema(() => z.object({ smart_rules: ZSmartRulesSchema }));
export const ZSmartCountResponseSchema = lazySchema(() => z.object({ count: z.number() }));
export type TSmartCountResponse = z.infer<typeof ZSmartCountResponseSchema>;
