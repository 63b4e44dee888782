import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const ZLyricsSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    track_id: z.number(),
    text: z.string(),
    synced: z.boolean(),
    language: z.string().nullable(),
    source: z.string().nullable(),
    updated_at: z.string(),
  }),
);
export type TLyrics = z.infer<typeof ZLyricsSchema>;

/** One LRC line: `[mm:ss.xx] words` (several time tags may share a line). */
export const LRC_LINE = /^(\[\d{1,3}:\d{2}(?:[.:]\d{1,3})?\])+/;

export const ZLyricsUpsertSchema = lazySchema(() =>
  z
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
    .superRefine((value, ctx) => {
      if (!value.synced) return;
      if (!value.text.split('\n').some((line) => LRC_LINE.test(line.trim()))) {
        ctx.addIssue({
          code: 'custom',
          path: ['text'],
          message: 'Synced lyrics need LRC time tags like [01:23.45].',
        });
        return;
      }
      for (const message of lrcProblems(value.text))
        ctx.addIssue({ code: 'custom', path: ['text'], message });
    }),
);
export type TLyricsUpsert = z.infer<typeof ZLyricsUpsertSchema>;
/** `PUT tracks/{id}/lyrics`: the saved lyrics. */
export const ZLyricsResponseSchema = lazySchema(() => z.object({ lyrics: ZLyricsSchema }));
export type TLyricsResponse = z.infer<typeof ZLyricsResponseSchema>;
/** `GET tracks/{id}/lyrics`: `lyrics` is null for a track without any (200, not 404). */
export const ZTrackLyricsResponseSchema = lazySchema(() => z.object({ lyrics: ZLyricsSchema.nullable() }));
export type TTrackLyricsResponse = z.infer<typeof ZTrackLyricsResponseSchema>;

const LRC_TAG = /\[(\d{1,3}):(\d{2})(?:[.:](\d{1,3}))?\]/y;
const LRC_META = /^\[[a-z]+:[^\]]*\]$/i;

/**
 * What is wrong in synced (LRC) text, one message per bad line, naming its line number (1-based)
 * so an editor can point at it: a malformed or impossible time tag, or a lyric line without one.
 * Metadata tags (`[ar:...]`) and blank lines are fine.
 */
export function lrcProblems(text: string): string[] {
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    const n = index + 1;
    if (line === '' || LRC_META.test(line)) return;
    if (!line.startsWith('[')) {
      problems.push(`Line ${n} has no timestamp; start it with a time tag like [01:23.45].`);
      return;
    }
    let at = 0;
    while (line[at] === '[') {
      LRC_TAG.lastIndex = at;
      const tag = LRC_TAG.exec(line);
      if (!tag || Number(tag[2]) >= 60) {
        const shown = line.slice(at, line.indexOf(']', at) + 1 || at + 12);
        problems.push(`Line ${n}: ${shown} is not a valid timestamp; use [mm:ss.xx].`);
        return;
      }
      at = LRC_TAG.lastIndex;
    }
  });
  return problems;
}
