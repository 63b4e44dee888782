import { describe, expect, it } from 'vitest';
import type { TSmartRules } from './smart-playlist';
import { NspMappingError, smartRulesFromNsp, smartRulesToNsp } from './smart-playlist-nsp';

// The shape of Navidrome's documented example files.
const navidromeFile = {
  name: '80s Top Songs',
  comment: 'All loved songs from the 80s',
  all: [
    { any: [{ is: { loved: true } }, { gt: { playCount: 10 } }] },
    { inTheRange: { year: [1981, 1990] } },
    { notContains: { title: 'remix' } },
  ],
  sort: 'year',
  order: 'desc',
  limit: 25,
};

describe('.nsp import and export', () => {
  it('imports a Navidrome file into our rules', () => {
    const result = smartRulesFromNsp(navidromeFile);
    expect(result).toEqual({
      isOk: true,
      name: '80s Top Songs',
      comment: 'All loved songs from the 80s',
      rules: {
        match: 'all',
        rules: [
          {
            match: 'any',
            rules: [
              { field: 'liked', operator: 'is', value: true },
              { field: 'play_count', operator: 'gt', value: 10 },
            ],
          },
          { field: 'year', operator: 'between', value: [1981, 1990] },
          { field: 'title', operator: 'not_contains', value: 'remix' },
        ],
        sort: { field: 'year', order: 'desc' },
        limit: 25,
      },
    });
  });

  it('exports what it imported (round trip)', () => {
    const result = smartRulesFromNsp(navidromeFile);
    if (!result.isOk) throw new Error('import failed');
    const exported = smartRulesToNsp('80s Top Songs', null, result.rules);
    expect(smartRulesFromNsp(exported)).toMatchObject({ isOk: true, rules: result.rules });
    expect(exported).toMatchObject({ all: expect.any(Array), sort: 'year', order: 'desc', limit: 25 });
  });

  it('refuses what it cannot map, naming each field and operator', () => {
    expect(
      smartRulesFromNsp({
        any: [
          { is: { rating: 5 } },
          { inPlaylist: { id: 'abc' } },
          { all: [{ any: [{ is: { title: 'x' } }] }] },
        ],
        sort: 'albumartist,year',
      }),
    ).toEqual({
      isOk: false,
      errors: [
        'The field "rating" cannot be imported.',
        'The operator "inPlaylist" cannot be imported.',
        'Groups nested more than one level cannot be imported.',
        'Sorting by several fields ("albumartist,year") cannot be imported.',
        'Sorting by "albumartist" cannot be imported.',
      ],
    });
    expect(smartRulesFromNsp([])).toEqual({ isOk: false, errors: ['A .nsp file is a JSON object.'] });
    expect(smartRulesFromNsp({ all: [{ gt: { year: 'soon' } }] })).toEqual({
      isOk: false,
      errors: ['year gt needs a number.'],
    });
  });

  it('refuses to export a tag rule', () => {
    const rules: TSmartRules = {
      match: 'all',
      rules: [{ field: 'tag', operator: 'is', value: 'chill' }],
      sort: { field: 'random', order: 'asc' },
      limit: null,
    };
    expect(() => smartRulesToNsp('x', null, rules)).toThrow(NspMappingError);
    expect(() => smartRulesToNsp('x', null, rules)).toThrow('The field "tag" has no Navidrome equivalent.');
  });
});
