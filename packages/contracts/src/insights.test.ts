import { describe, expect, it } from 'vitest';
import { csvCell, resolveRange, toCsv } from './insights';

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
