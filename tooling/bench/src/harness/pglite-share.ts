import type { TContext } from './benchmark';
import type { TRunningServer } from './server-process';
import { median, type TPairedSample } from './stats';
import { startTarget } from './targets';

export type TPgliteShare = {
  label: string;
  samples: number[];
  median: number;
  /** The empty PGlite over the hello-world: PGlite's own share of the figure. */
  pgliteShare: number;
  /** Ours over the empty PGlite: what the api adds on top of its embedded database. */
  apiShare: number;
  /** Empty PGlite / ours, as the goal's ratio reads (higher is better for ours). */
  ratio: number;
};

/**
 * Issue 16 item 5: in the embedded mode, the same measure of a bare Fastify with an empty PGlite
 * (`context.emptyPglite`), so a start-up or memory figure says how much of it PGlite's WASM
 * Postgres costs before any of our code runs. Null outside the embedded mode.
 */
export async function measurePgliteShare(
  context: TContext,
  paired: TPairedSample[],
  measure: (server: TRunningServer) => Promise<number>,
): Promise<TPgliteShare | null> {
  if (!context.emptyPglite) return null;
  const target = await context.emptyPglite();
  const samples: number[] = [];
  for (let spawn = 0; spawn < context.mode.spawns; spawn += 1) {
    context.log(`${target.label}: spawn ${spawn + 1}/${context.mode.spawns}`);
    const server = await startTarget(target, context.pinning);
    try {
      samples.push(await measure(server));
    } finally {
      await server.stop();
    }
  }
  const pglite = median(samples);
  const hello = median(paired.map((sample) => sample.ceiling));
  const ours = median(paired.map((sample) => sample.ours));
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    label: target.label,
    samples: samples.map(round),
    median: round(pglite),
    pgliteShare: round(pglite - hello),
    apiShare: round(ours - pglite),
    ratio: Math.round((pglite / ours) * 1000) / 1000,
  };
}
