/** One NTP-style round trip: sent at local `t0`, the server stamped `server`, heard back at local `t1`. */
export type TClockSample = { t0: number; server: number; t1: number };

/**
 * A round trip slower than this (ms) says nothing about the clock: a probe queued while the
 * network was away comes back seconds later with most of the delay on one leg.
 */
export const MAX_SAMPLE_RTT_MS = 1_000;

/** How many probes a (re)connection takes before it trusts the estimate. */
export const CLOCK_SAMPLES = 5;

/** The server's clock minus ours for one sample, assuming the trip took as long each way. */
export function sampleOffset({ t0, server, t1 }: TClockSample): number {
  return server - (t0 + t1) / 2;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * The clock offset from samples: the median of the quickest third's offsets. A slow trip's
 * error is up to half its asymmetry, so the quick ones are the trustworthy ones; the median
 * then drops an odd one out. Null without samples.
 */
export function estimateOffset(samples: readonly TClockSample[]): number | null {
  const valid = samples.filter(
    (sample) =>
      sample.t1 >= sample.t0 && sample.t1 - sample.t0 <= MAX_SAMPLE_RTT_MS && Number.isFinite(sample.server),
  );
  if (valid.length === 0) return null;
  const quick = [...valid]
    .sort((a, b) => a.t1 - a.t0 - (b.t1 - b.t0))
    .slice(0, Math.max(1, Math.ceil(valid.length / 3)));
  return median(quick.map(sampleOffset));
}
