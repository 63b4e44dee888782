/** LRC (timed lyrics) parsing, free of zod: the player's track page loads it with its first screen. */

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
