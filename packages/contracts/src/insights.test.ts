import { describe, expect, it } from 'vitest';
import { csvCell, resolveRange, toCsv } from './insights';
import { pageKindOf, playSourceOf } from './page-kinds';

describe('insights helpers', () => {
  it('escapes CSV cells that a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const start of ['+', '-', '@']) expect(csvCell(`${start}1`)).toBe(`"'${start}1"`);
    expect(csvCell('plain')).toBe('"plain"');
    expect(
      toCsv([
        ['a', 1],
        [null, '-2'],
      ]),
    ).toBe('"a","1"\r\n"","\'-2"');
  });

  it('resolves ranges and the equally long previous range', () => {
    const today = new Date('2025-03-10T15:00:00Z');
    expect(resolveRange({ range: '7d' }, today)).toEqual({
      from: '2025-03-04',
      to: '2025-03-10',
      previousFrom: '2025-02-25',
      previousTo: '2025-03-03',
    });
    expect(resolveRange({ range: '12m' }, today).from).toBe('2024-03-11');
  });
});

describe('page kinds and play sources', () => {
  it('names the page kind of a player path without ids or queries', () => {
    expect(pageKindOf('/')).toBe('home');
    expect(pageKindOf('/album/4/the-band/the-album')).toBe('album');
    expect(pageKindOf('/album/4/the-band/the-album/embed')).toBe('embed');
    expect(pageKindOf('/search/jazz/tracks')).toBe('search');
    expect(pageKindOf('/account-settings')).toBe('account');
    expect(pageKindOf('/some-channel')).toBe('channel');
  });

  it('says where a play started from the page it was started on', () => {
    expect(playSourceOf('/album/4/the-band/the-album')).toBe('album');
    expect(playSourceOf('/playlist/9/road-trip')).toBe('playlist');
    expect(playSourceOf('/search/jazz')).toBe('search');
    expect(playSourceOf('/radio/artist/3/band')).toBe('radio');
    expect(playSourceOf('/')).toBe('channel');
    expect(playSourceOf('/channel/new-releases')).toBe('channel');
    expect(playSourceOf('/library/songs')).toBe('library');
    expect(playSourceOf('/user/3/someone')).toBe('other');
  });
});
