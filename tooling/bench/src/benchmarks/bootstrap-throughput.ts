import { alternate } from '../harness/alternate';
import type { TBenchmark } from '../harness/benchmark';
import type { TLoadResult } from '../harness/load-generator';
import { startTarget } from '../harness/targets';
import { measureThroughput } from '../harness/throughput';

/** Issue 2: GET /api/v1/bootstrap-data throughput >= 0.5x a bare Fastify hello-world. */
export const bootstrapThroughput: TBenchmark = {
  name: 'bootstrap-throughput',
  expectedSeconds: { full: 170, smoke: 20 },
  unit: 'req/s',
  direction: 'ours-over-ceiling',
  goalRatio: 0.5,
  goalWords: 'ours >= 0.5x ceiling',
  async run(context) {
    const targets = { ceiling: await context.ceiling(), ours: await context.ours() };
    const ceilingServer = await startTarget(targets.ceiling, context.pinning);
    try {
      const oursServer = await startTarget(targets.ours, context.pinning);
      try {
        const runs: Array<{ side: string; result: TLoadResult }> = [];
        // Two pairs per round: ceiling, ours, ceiling, ours.
        const samples = await alternate(context.mode.rounds * 2, async (side, pair) => {
          const server = side === 'ceiling' ? ceilingServer : oursServer;
          context.log(`bootstrap-throughput: pair ${pair + 1}/${context.mode.rounds * 2} ${side}`);
          const result = await measureThroughput(context, server, targets[side].loadPath);
          runs.push({ side, result });
          return result.requestsPerSecond;
        });
        return {
          samples,
          details: {
            paths: { ceiling: targets.ceiling.loadPath, ours: targets.ours.loadPath },
            runs,
          },
        };
      } finally {
        await oursServer.stop();
      }
    } finally {
      await ceilingServer.stop();
    }
  },
};
