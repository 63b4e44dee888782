import { describe, expect, it } from 'vitest';
import { formatPlurals } from './plural';
import { translateWith } from './trans';

const pages = '{count, plural, one {Delete # page?} other {Delete # pages?}}';

describe('plural lines', () => {
  it('picks one or other by the count and puts the number for #', () => {
    expect(formatPlurals(pages, { count: 1 })).toBe('Delete 1 page?');
    expect(formatPlurals(pages, { count: '3' })).toBe('Delete 3 pages?');
    expect(formatPlurals(pages, { count: 0 })).toBe('Delete 0 pages?');
    expect(formatPlurals(pages, { count: 12500 })).toBe('Delete 12,500 pages?');
  });

  it("writes English's whole numbers below 1,000 as Intl would, without making a formatter", () => {
    const line = '{count, plural, one {#} other {#}}';
    for (const count of [-999, -12, 0, 1, 7, 42, 999]) {
      for (const locale of ['en', 'en-GB', 'EN-us']) {
        expect(formatPlurals(line, { count }, locale)).toBe(new Intl.NumberFormat(locale).format(count));
      }
    }
    expect(formatPlurals(line, { count: 1000 }, 'en')).toBe('1,000');
    expect(formatPlurals(line, { count: 2.5 }, 'en')).toBe('2.5');
    expect(formatPlurals(line, { count: 1234 }, 'de')).toBe('1.234');
    expect(formatPlurals(line, { count: 7 }, 'en-u-nu-arab')).toBe(
      new Intl.NumberFormat('en-u-nu-arab').format(7),
    );
  });

  it('prefers an exact =N branch, keeps the text around the block and other placeholders', () => {
    const line = 'In :name: {count, plural, =0 {no members} one {# member} other {# members}}.';
    expect(translateWith({}, line, { count: 0, name: 'Crew' })).toBe('In Crew: no members.');
    expect(translateWith({}, line, { count: 1, name: 'Crew' })).toBe('In Crew: 1 member.');
    expect(translateWith({}, line, { count: 2, name: 'Crew' })).toBe('In Crew: 2 members.');
  });

  it("uses the translation's categories and the language's rules", () => {
    const key = '{count, plural, one {# play} other {# plays}}';
    const polish = {
      [key]:
        '{count, plural, one {# odtworzenie} few {# odtworzenia} many {# odtworzeń} other {# odtworzenia}}',
    };
    expect(translateWith(polish, key, { count: 1 }, 'pl')).toBe('1 odtworzenie');
    expect(translateWith(polish, key, { count: 3 }, 'pl')).toBe('3 odtworzenia');
    expect(translateWith(polish, key, { count: 5 }, 'pl')).toBe('5 odtworzeń');
    expect(translateWith({}, key, { count: 1 }, 'not a locale!')).toBe('1 play');
  });

  it('leaves a block without a value or with a broken body as written', () => {
    expect(formatPlurals(pages, {})).toBe(pages);
    expect(formatPlurals('{count, plural, one {x}}', { count: 1 })).toBe('{count, plural, one {x}}');
    expect(formatPlurals(pages, { count: 'many' })).toBe(pages);
  });
});
