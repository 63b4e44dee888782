import {
  SMART_FIELDS,
  SMART_OPERATORS,
  type TSmartField,
  type TSmartGroup,
  type TSmartOperator,
  type TSmartRule,
  type TSmartRules,
  type TSmartValue,
} from '@cadence/contracts/smart-playlist';

/** Untranslated labels: the editor passes each through trans(). */
export const FIELD_LABELS: Record<TSmartField, string> = {
  title: 'Title',
  artist: 'Artist',
  album: 'Album',
  genre: 'Genre',
  tag: 'Tag',
  year: 'Year',
  duration: 'Duration (seconds)',
  date_added: 'Date added',
  play_count: 'My play count',
  last_played: 'Last played',
  liked: 'Liked',
};

export const OPERATOR_LABELS: Record<TSmartOperator, string> = {
  is: 'is',
  is_not: 'is not',
  contains: 'contains',
  not_contains: 'does not contain',
  starts_with: 'starts with',
  ends_with: 'ends with',
  gt: 'is greater than',
  lt: 'is less than',
  between: 'is between',
  before: 'is before',
  after: 'is after',
  in_the_last: 'in the last (days)',
  not_in_the_last: 'not in the last (days)',
};

export const operatorsOf = (field: TSmartField): readonly TSmartOperator[] =>
  SMART_OPERATORS[SMART_FIELDS[field]];

const today = () => new Date().toISOString().slice(0, 10);

/** A value of the right kind for a field and operator, so a changed operator never sends a stale type. */
export function defaultValue(field: TSmartField, operator: TSmartOperator): TSmartValue {
  const type = SMART_FIELDS[field];
  if (type === 'text') return '';
  if (type === 'boolean') return true;
  if (type === 'number') return operator === 'between' ? [0, 0] : 0;
  if (operator === 'between') return [today(), today()];
  if (operator === 'in_the_last' || operator === 'not_in_the_last') return 30;
  return today();
}

export function newRule(field: TSmartField = 'title'): TSmartRule {
  const operator = operatorsOf(field)[0] as TSmartOperator;
  return { field, operator, value: defaultValue(field, operator) };
}

export const newGroup = (): TSmartGroup => ({ match: 'any', rules: [newRule()] });

export const emptyRules = (): TSmartRules => ({
  match: 'all',
  rules: [newRule()],
  sort: { field: 'title', order: 'asc' },
  limit: null,
});
