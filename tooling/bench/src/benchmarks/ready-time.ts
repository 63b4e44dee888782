import { alternate } from '../harness/alternate';
import type { TBenchmark } from '../harness/benchmark';
import { measurePgliteShare } from '../harness/pglite-share';
import { startTarget } from '../harness/targets';

/** Issue 2: api ready time <= 3x a bare Fastify listen; spawn to first 2xx on the ready path. */
export const readyTime: TBenchmark = {
  name: 'ready-time',
  expectedSeconds: { full: 40, smoke: 15 },
  unit: 'ms',
  direction: 'ceiling-over-ours',
  goalRatio: 0.333,
  goalWords: 'ours <= 3x ceiling',
  async run(context) {
    const targets = { ceiling: await context.ceiling(), ours: await context.ours() };
    const samples = await alternate(context.mode.spawns, async (side, pair) => {
      context.log(`ready-time: spawn ${pair + 1}/${context.mode.spawns} ${side}`);
      const server = await startTarget(targets[side], context.pinning);
      await server.stop();
      return server.readyMs;
    });
    const emptyPglite = await measurePgliteShare(context, samples, async (server) => server.readyMs);
    return {
      samples,
      details: {
        readyPaths: { ceiling: targets.ceiling.readyPath, ours: targets.ours.readyPath },
        ...(emptyPglite ? { emptyPglite } : {}),
      },
    };
  },
};
