import type { TPairedSample } from './stats';

export type TSide = 'ceiling' | 'ours';

/**
 * Runs ceiling then ours, `pairs` times in a row (A/B/A/B...), so each ours sample has a
 * ceiling measured just before it under the same machine conditions.
 */
export async function alternate(pairs: number, measure: (side: TSide, pair: number) => Promise<number>) {
  const samples: TPairedSample[] = [];
  for (let pair = 0; pair < pairs; pair += 1) {
    const ceiling = await measure('ceiling', pair);
    const ours = await measure('ours', pair);
    samples.push({ ceiling, ours });
  }
  return samples;
}
