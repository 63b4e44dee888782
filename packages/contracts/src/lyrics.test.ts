import { describe, expect, it } from 'vitest';
import { parseLrc } from './lrc';
import { ZLyricsUpsertSchema } from './lyrics';

describe('LRC lyrics', () => {
  it('parses timed lines in order, with several tags per line and metadata skipped', () => {
    const text = '[ar:Someone]\n[00:10.5]Later\n[00:01.25][00:05.00] Chorus\nno time here';
    expect(parseLrc(text)).toEqual([
      { time_ms: 1250, text: 'Chorus' },
      { time_ms: 5000, text: 'Chorus' },
      { time_ms: 10_500, text: 'Later' },
    ]);
  });

  it('requires time tags when synced', () => {
    expect(ZLyricsUpsertSchema.safeParse({ text: 'plain words', synced: true }).success).toBe(false);
    expect(ZLyricsUpsertSchema.safeParse({ text: 'plain words' }).success).toBe(true);
    expect(ZLyricsUpsertSchema.safeParse({ text: '[00:01.00] hi', synced: true }).success).toBe(true);
  });
});
