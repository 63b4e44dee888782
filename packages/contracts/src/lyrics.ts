import { z } from 'zod';

export const ZLyricsSchema = z.object({
  id: z.number(),
  track_id: z.number(),
  text: z.string(),
  synced: z.boolean(),
  language: z.string().nullable(),
  source: z.string().nullable(),
  updated_at: z.string(),
});
export type TLyrics = z.infer<typeof ZLyricsSchema>;

/** One LRC line: `[mm:ss.xx] words` (several time tags may share a line). */
export const LRC_LINE = /^(\[\d{1,3}:\d{2}(?:[.:]\d{1,3})?\])+/;

export const ZLyricsUpsertSchema = z
  .object({
    text: z
      .string()
      .trim()
      .min(1, 'The lyrics are required.')
      .max(50_000, 'Lyrics are limited to 50,000 characters.'),
    synced: z.boolean().default(false),
    language: z.string().trim().min(2).max(10).nullish(),
    source: z.string().trim().max(100).nullish(),
  })
  .refine((value) => !value.synced || value.text.split('\n').some((line) => LRC_LINE.test(line.trim())), {
    message: 'Synced lyrics need LRC time tags like [01:23.45].',
    path: ['text'],
  });
export type TLyricsUpsert = z.infer<typeof ZLyricsUpsertSchema>;
export const ZLyricsResponseSchema = z.object({ lyrics: ZLyricsSchema });
export type TLyricsResponse = z.infer<typeof ZLyricsResponseSchema>;

export type TLrcLine = { time_ms: number; text: string };

/** Parses LRC into timed lines (sorted); metadata tags like `[ar:...]` and untimed lines are skipped. */
export function parseLrc(text: string): TLrcLine[] {
  const lines: TLrcLine[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const tags = [...raw.matchAll(/\[(\d{1,3}):(\d{2})(?:[.:](\d{1,3}))?\]/g)];
    if (tags.length === 0) continue;
    const words = raw.replace(/\[[^\]]*\]/g, '').trim();
    for (const tag of tags) {
      const fraction = tag[3] ?? '0';
      const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
      lines.push({ time_ms: Number(tag[1]) * 60_000 + Number(tag[2]) * 1000 + ms, text: words });
    }
  }
  return lines.sort((a, b) => a.time_ms - b.time_ms);
}
