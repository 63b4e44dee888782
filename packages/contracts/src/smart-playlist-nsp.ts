import {
  isSmartGroup,
  type TSmartField,
  type TSmartGroup,
  type TSmartOperator,
  type TSmartRule,
  type TSmartRules,
  type TSmartSortField,
  ZSmartRulesSchema,
} from './smart-playlist';

/**
 * Navidrome's `.nsp` smart playlist files (documented JSON): `{name, comment, all|any: [...],
 * sort, order, limit}` where a rule is `{operator: {field: value}}` and a group `{all|any: [...]}`.
 * Only what maps one to one crosses; anything else is refused by name, never dropped quietly.
 */
const FIELD_TO_NSP: Record<TSmartField, string | null> = {
  title: 'title',
  artist: 'artist',
  album: 'album',
  genre: 'genre',
  // Navidrome has no free tag field (its tags are named fields such as "mood").
  tag: null,
  year: 'year',
  duration: 'duration',
  date_added: 'dateadded',
  play_count: 'playcount',
  last_played: 'lastplayed',
  liked: 'loved',
};
const OPERATOR_TO_NSP: Record<TSmartOperator, string> = {
  is: 'is',
  is_not: 'isNot',
  contains: 'contains',
  not_contains: 'notContains',
  starts_with: 'startsWith',
  ends_with: 'endsWith',
  gt: 'gt',
  lt: 'lt',
  between: 'inTheRange',
  before: 'before',
  after: 'after',
  in_the_last: 'inTheLast',
  not_in_the_last: 'notInTheLast',
};
const invert = <K extends string>(map: Record<K, string | null>) =>
  new Map(Object.entries(map).flatMap(([ours, theirs]) => (theirs ? [[theirs as string, ours as K]] : [])));
const FIELD_FROM_NSP = invert(FIELD_TO_NSP);
const OPERATOR_FROM_NSP = invert(OPERATOR_TO_NSP);

export type TNspFile = Record<string, unknown>;
export type TNspResult =
  | { isOk: true; name: string | null; comment: string | null; rules: TSmartRules }
  | { isOk: false; errors: string[] };

export class NspMappingError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function ruleToNsp(rule: TSmartRule): TNspFile {
  const field = FIELD_TO_NSP[rule.field];
  if (!field) throw new NspMappingError(`The field "${rule.field}" has no Navidrome equivalent.`);
  return { [OPERATOR_TO_NSP[rule.operator]]: { [field]: rule.value } };
}

/** Our rules as a `.nsp` document; throws NspMappingError naming what Navidrome cannot express. */
export function smartRulesToNsp(name: string, comment: string | null, rules: TSmartRules): TNspFile {
  const entry = (item: TSmartRule | TSmartGroup) =>
    isSmartGroup(item) ? { [item.match]: item.rules.map(ruleToNsp) } : ruleToNsp(item);
  const file: TNspFile = { name, ...(comment ? { comment } : {}), [rules.match]: rules.rules.map(entry) };
  if (rules.sort.field === 'random') file.sort = 'random';
  else {
    const sort = FIELD_TO_NSP[rules.sort.field];
    if (!sort) throw new NspMappingError(`Sorting by "${rules.sort.field}" has no Navidrome equivalent.`);
    file.sort = sort;
    file.order = rules.sort.order;
  }
  if (rules.limit !== null) file.limit = rules.limit;
  return file;
}

function groupKey(node: Record<string, unknown>): 'all' | 'any' | null {
  if (Array.isArray(node.all)) return 'all';
  if (Array.isArray(node.any)) return 'any';
  return null;
}

function ruleFromNsp(node: unknown, errors: string[]): TSmartRule | null {
  const [operator, operand] = isObject(node) ? (Object.entries(node)[0] ?? []) : [];
  const ours = operator ? OPERATOR_FROM_NSP.get(operator) : undefined;
  if (!ours) {
    errors.push(`The operator "${String(operator)}" cannot be imported.`);
    return null;
  }
  const [field, value] = isObject(operand) ? (Object.entries(operand)[0] ?? []) : [];
  const ourField = field ? FIELD_FROM_NSP.get(field.toLowerCase()) : undefined;
  if (!ourField) {
    errors.push(`The field "${String(field)}" cannot be imported.`);
    return null;
  }
  // Navidrome writes `{"is": {"loved": true}}` and also `{"isNot": {"loved": true}}`.
  if (ourField === 'liked' && ours === 'is_not')
    return { field: 'liked', operator: 'is', value: value !== true };
  return { field: ourField, operator: ours, value: value as TSmartRule['value'] };
}

function entriesFromNsp(
  nodes: unknown[],
  errors: string[],
  isNested: boolean,
): Array<TSmartRule | TSmartGroup> {
  return nodes.flatMap((node): Array<TSmartRule | TSmartGroup> => {
    const key = isObject(node) ? groupKey(node) : null;
    if (!key) {
      const rule = ruleFromNsp(node, errors);
      return rule ? [rule] : [];
    }
    if (isNested) {
      errors.push('Groups nested more than one level cannot be imported.');
      return [];
    }
    const inner = entriesFromNsp(
      (node as Record<string, unknown[]>)[key] ?? [],
      errors,
      true,
    ) as TSmartRule[];
    return [{ match: key, rules: inner }];
  });
}

function sortFromNsp(file: TNspFile, errors: string[]): TSmartRules['sort'] {
  const raw = typeof file.sort === 'string' ? file.sort.trim() : 'title';
  if (raw.includes(',')) errors.push(`Sorting by several fields ("${raw}") cannot be imported.`);
  const isDescending = raw.startsWith('-') || file.order === 'desc';
  const name = raw.replace(/^[-+]/, '').split(',')[0]?.toLowerCase() ?? '';
  const field = name === 'random' ? 'random' : FIELD_FROM_NSP.get(name);
  if (!field || field === 'genre' || field === 'liked') {
    errors.push(`Sorting by "${name}" cannot be imported.`);
    return { field: 'title', order: 'asc' };
  }
  return { field: field as TSmartSortField, order: isDescending ? 'desc' : 'asc' };
}

/** A parsed `.nsp` document to our rules, or every reason it cannot be. */
export function smartRulesFromNsp(file: unknown): TNspResult {
  if (!isObject(file)) return { isOk: false, errors: ['A .nsp file is a JSON object.'] };
  const match = groupKey(file);
  if (!match) return { isOk: false, errors: ['A .nsp file needs an "all" or "any" list of rules.'] };
  const errors: string[] = [];
  const entries = entriesFromNsp(file[match] as unknown[], errors, false);
  const sort = sortFromNsp(file, errors);
  if (errors.length) return { isOk: false, errors };
  const parsed = ZSmartRulesSchema.safeParse({ match, rules: entries, sort, limit: file.limit ?? null });
  if (!parsed.success) return { isOk: false, errors: parsed.error.issues.map((issue) => issue.message) };
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  return { isOk: true, name: text(file.name), comment: text(file.comment), rules: parsed.data };
}
