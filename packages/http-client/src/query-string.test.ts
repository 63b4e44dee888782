import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appendQuery, buildQueryString } from './query-string';

const relation = fc.stringMatching(/^[a-z_.]{1,10}$/);

describe('buildQueryString', () => {
  it('joins with, load and loadCount on GET', () => {
    const query = buildQueryString(
      { with: ['roles', 'social_profiles'], load: ['tokens'], loadCount: ['tracks', 'albums'], page: 2 },
      'GET',
    );
    expect(new URLSearchParams(query).get('with')).toBe('roles,social_profiles');
    expect(new URLSearchParams(query).get('load')).toBe('tokens');
    expect(new URLSearchParams(query).get('loadCount')).toBe('tracks,albums');
    expect(new URLSearchParams(query).get('page')).toBe('2');
  });

  it('joins any relation list into one comma-separated value on GET', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('with', 'load', 'loadCount'),
        fc.array(relation, { minLength: 1, maxLength: 6 }),
        (key, relations) => {
          const search = new URLSearchParams(buildQueryString({ [key]: relations }, 'GET'));
          expect(search.getAll(key)).toEqual([relations.join(',')]);
        },
      ),
    );
  });

  it('keeps other arrays, and relation lists on other methods, as repeated keys', () => {
    expect(buildQueryString({ ids: [1, 2] }, 'GET')).toBe('ids=1&ids=2');
    expect(buildQueryString({ with: ['a', 'b'] }, 'POST')).toBe('with=a&with=b');
  });

  it('drops null, undefined and empty relation lists', () => {
    expect(buildQueryString({ a: null, b: undefined, with: [], c: false }, 'GET')).toBe('c=false');
  });
});

describe('appendQuery', () => {
  it('uses ? or & and keeps the hash last', () => {
    expect(appendQuery('/a', 'x=1')).toBe('/a?x=1');
    expect(appendQuery('/a?y=2', 'x=1')).toBe('/a?y=2&x=1');
    expect(appendQuery('/a#top', 'x=1')).toBe('/a?x=1#top');
    expect(appendQuery('/a', '')).toBe('/a');
  });
});
