import type { TContext } from './benchmark';
import { runLoad, type TLoadResult } from './load-generator';
import { probe, type TRunningServer } from './server-process';

const ANSWER_CHECK_TIMEOUT_MS = 30_000;

/** One warm-up then one measured run against a running server; any non-2xx or socket error fails the run. */
export async function measureThroughput(
  context: TContext,
  server: TRunningServer,
  loadPath: string,
): Promise<TLoadResult> {
  const url = `${server.baseUrl}${loadPath}`;
  // The answer check is not timed: a server still working through the previous run's queue (one
  // embedded PGlite connection behind 50 uncached searches) may take seconds to get to it.
  const status = await probe(url, ANSWER_CHECK_TIMEOUT_MS);
  if (status < 200 || status >= 300)
    throw new Error(`${server.spec.label}: GET ${loadPath} answered ${status || 'nothing'}`);
  const common = {
    url,
    connections: context.mode.connections,
    generator: context.generator,
    pinning: context.pinning,
  };
  if (context.mode.warmupSeconds > 0) await runLoad({ ...common, seconds: context.mode.warmupSeconds });
  const result = await runLoad({ ...common, seconds: context.mode.measureSeconds });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${server.spec.label}: GET ${loadPath} under load gave ${result.non2xx} non-2xx responses and ${describeErrors(result)}`,
    );
  }
  return result;
}

/** "3 socket errors (connect 1, timeout 2)": the kinds that happened, when the generator names them. */
export function describeErrors(result: Pick<TLoadResult, 'errors' | 'errorKinds'>): string {
  const kinds = Object.entries(result.errorKinds ?? {})
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${kind} ${count}`);
  return `${result.errors} socket errors${kinds.length > 0 ? ` (${kinds.join(', ')})` : ''}`;
}
