import { setTimeout as sleep } from 'node:timers/promises';
import { alternate } from '../harness/alternate';
import type { TBenchmark } from '../harness/benchmark';
import { measurePgliteShare } from '../harness/pglite-share';
import { readRssMiB } from '../harness/rss';
import { startTarget } from '../harness/targets';

/** Issue 2: idle RSS <= 1.5x a Fastify hello-world, read after ready + a short idle. */
export const idleRss: TBenchmark = {
  name: 'idle-rss',
  expectedSeconds: { full: 45, smoke: 12 },
  unit: 'MiB',
  direction: 'ceiling-over-ours',
  goalRatio: 0.667,
  goalWords: 'ours <= 1.5x ceiling',
  async run(context) {
    const targets = { ceiling: await context.ceiling(), ours: await context.ours() };
    const samples = await alternate(context.mode.spawns, async (side, pair) => {
      context.log(`idle-rss: spawn ${pair + 1}/${context.mode.spawns} ${side}`);
      const server = await startTarget(targets[side], context.pinning);
      try {
        await sleep(context.mode.idleSeconds * 1000);
        return await readRssMiB(server.pid);
      } finally {
        await server.stop();
      }
    });
    const emptyPglite = await measurePgliteShare(context, samples, async (server) => {
      await sleep(context.mode.idleSeconds * 1000);
      return readRssMiB(server.pid);
    });
    return {
      samples,
      details: { idleSeconds: context.mode.idleSeconds, ...(emptyPglite ? { emptyPglite } : {}) },
    };
  },
};
