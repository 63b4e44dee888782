import type { TContext } from './benchmark';
import { runLoad, type TLoadResult } from './load-generator';
import { probe, type TRunningServer } from './server-process';

/** One warm-up then one measured run against a running server; any non-2xx or socket error fails the run. */
export async function measureThroughput(
  context: TContext,
  server: TRunningServer,
  loadPath: string,
): Promise<TLoadResult> {
  const url = `${server.baseUrl}${loadPath}`;
  const status = await probe(url);
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
      `${server.spec.label}: GET ${loadPath} under load gave ${result.non2xx} non-2xx responses and ${result.errors} socket errors`,
    );
  }
  return result;
}
