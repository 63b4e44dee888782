import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prefixTsQuery, searchWords, trigramTerm } from './search-terms';

describe('search terms', () => {
  it('turns words into an AND of prefixes', () => {
    expect(prefixTsQuery('The Beat')).toBe('the:* & beat:*');
    expect(prefixTsQuery("rock'n'roll!")).toBe('rock:* & n:* & roll:*');
    expect(prefixTsQuery('Café del Mar')).toBe('café:* & del:* & mar:*');
    expect(prefixTsQuery(' !!! ')).toBeNull();
  });

  it('never lets tsquery syntax through, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120, unit: 'binary' }), (text) => {
        const query = prefixTsQuery(text);
        if (query === null) {
          expect(searchWords(text)).toEqual([]);
          return;
        }
        expect(query).toMatch(/^[\p{L}\p{N}]+:\*( & [\p{L}\p{N}]+:\*)*$/u);
        expect(query.split(' & ').length).toBeLessThanOrEqual(8);
      }),
    );
  });

  it('keeps the trigram term to words and single spaces', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (text) => {
        expect(trigramTerm(text)).toMatch(/^([\p{L}\p{N}]+( [\p{L}\p{N}]+)*)?$/u);
      }),
    );
  });
});
