import { describe, expect, it } from 'vitest';
import { SMART_RULES_MAX, ZSmartRulesSchema } from './smart-playlist';

const issuesOf = (input: unknown) => {
  const parsed = ZSmartRulesSchema.safeParse(input);
  expect(parsed.success).toBe(false);
  return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('smart playlist rules', () => {
  it('accepts every field with its operators, one level of groups, and fills sort and limit', () => {
    const parsed = ZSmartRulesSchema.parse({
      match: 'all',
      rules: [
        { field: 'title', operator: 'contains', value: "50% off_'; drop table" },
        { field: 'year', operator: 'between', value: [1990, 1999] },
        { field: 'last_played', operator: 'in_the_last', value: 30 },
        { field: 'date_added', operator: 'between', value: ['2024-01-01', '2024-12-31'] },
        {
          match: 'any',
          rules: [
            { field: 'liked', operator: 'is', value: true },
            { field: 'genre', operator: 'is', value: 'Jazz' },
          ],
        },
      ],
    });
    expect(parsed.sort).toEqual({ field: 'title', order: 'asc' });
    expect(parsed.limit).toBeNull();
  });

  it('names the rule and the problem for unknown fields, operators and wrong values', () => {
    expect(
      issuesOf({
        match: 'all',
        rules: [
          { field: 'bpm', operator: 'is', value: 120 },
          { field: 'year', operator: 'contains', value: '19' },
          { field: 'year', operator: 'gt', value: '1990' },
          { field: 'date_added', operator: 'before', value: '2024-13-45' },
          { field: 'liked', operator: 'is', value: 'yes' },
          { match: 'any', rules: [{ match: 'all', rules: [] }] },
        ],
      }),
    ).toEqual([
      ['rules.0.field', expect.stringContaining('Unknown field "bpm"')],
      ['rules.1.operator', expect.stringContaining('Unknown operator "contains" for year')],
      ['rules.2.value', 'year gt needs a number.'],
      ['rules.3.value', 'date_added before needs a date (YYYY-MM-DD).'],
      ['rules.4.value', 'liked is needs true or false.'],
      ['rules.5.rules.0', 'Groups nest one level: a group holds rules only.'],
    ]);
  });

  it(`refuses more than ${SMART_RULES_MAX} rules with one message, counting rules inside groups`, () => {
    const rule = { field: 'title', operator: 'is', value: 'x' };
    expect(issuesOf({ match: 'all', rules: Array.from({ length: 1000 }, () => rule) })).toEqual([
      ['rules', `A smart playlist may have at most ${SMART_RULES_MAX} rules.`],
    ]);
    const groups = Array.from({ length: 3 }, () => ({
      match: 'any',
      rules: Array.from({ length: 17 }, () => rule),
    }));
    expect(issuesOf({ match: 'all', rules: groups })).toHaveLength(1);
    expect(ZSmartRulesSchema.safeParse({ match: 'all', rules: groups.slice(0, 2) }).success).toBe(true);
  });

  it('refuses a bad sort, limit and match', () => {
    const rules = [{ field: 'title', operator: 'is', value: 'x' }];
    expect(
      issuesOf({ match: 'most', rules, sort: { field: 'genre', order: 'up' }, limit: 0 }).map(
        ([path]) => path,
      ),
    ).toEqual(['match', 'sort.field', 'sort.order', 'limit']);
  });
});
