/** ReplayGain 2.0's reference loudness: a track measured at -18 LUFS gets 0 dB. */
export const REFERENCE_LUFS = -18;

export type Loudness = {
  /** EBU R128 integrated loudness, LUFS. */
  lufs: number;
  /** True peak, linear (1 = full scale; above 1 after inter-sample overs). */
  peak: number;
};

const round2 = (value: number) => Math.round(value * 100) / 100;

export function gainOf(lufs: number): number {
  return round2(REFERENCE_LUFS - lufs);
}

/**
 * An album's loudness from its tracks': the energy mean weighted by duration, which is the
 * integrated loudness of the tracks played in a row up to R128's gating (quiet passages below the
 * relative gate of the whole would be left out by a full measurement; the difference is a
 * fraction of a LU for ordinary albums). Its peak is the loudest track's.
 */
export function albumLoudness(
  tracks: { lufs: number; peak: number; durationMs: number | null }[],
): Loudness | null {
  const measured = tracks.filter((track) => Number.isFinite(track.lufs));
  if (measured.length === 0) return null;
  let energy = 0;
  let total = 0;
  for (const track of measured) {
    const weight = Math.max(1, track.durationMs ?? 1);
    energy += weight * 10 ** (track.lufs / 10);
    total += weight;
  }
  return {
    lufs: round2(10 * Math.log10(energy / total)),
    peak: Math.max(...measured.map((track) => track.peak)),
  };
}

/**
 * The summary of ffmpeg's `ebur128=peak=true` filter (printed at the end on stderr):
 * `I: -23.0 LUFS` under "Integrated loudness" and `Peak: -0.5 dBFS` under "True peak".
 * Null when the summary is missing (no audio) or silent (-70 LUFS, the absolute gate: no gain).
 */
export function parseEbur128Summary(stderr: string): Loudness | null {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  if (!summary.startsWith('Summary:')) return null;
  const integrated = /I:\s+(-?[\d.]+|-inf)\s+LUFS/.exec(summary);
  const truePeak = /True peak:\s+Peak:\s+(-?[\d.]+|-inf)\s+dBFS/.exec(summary);
  if (!integrated?.[1] || integrated[1] === '-inf') return null;
  const lufs = Number(integrated[1]);
  if (!Number.isFinite(lufs) || lufs <= -70) return null;
  const peakDb = truePeak?.[1] && truePeak[1] !== '-inf' ? Number(truePeak[1]) : -Infinity;
  return { lufs, peak: Number.isFinite(peakDb) ? Math.round(10 ** (peakDb / 20) * 1000) / 1000 : 0 };
}
