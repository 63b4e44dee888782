import path from 'node:path';
import { parseArgs } from 'node:util';
import { adminTracks } from './benchmarks/admin-tracks';
import { adminUsers } from './benchmarks/admin-users';
import { albumBenchmarks } from './benchmarks/album-route';
import { audioBenchmarks } from './benchmarks/audio-range';
import { billingWebhooks } from './benchmarks/billing-webhooks';
import { bootstrapThroughput } from './benchmarks/bootstrap-throughput';
import { clickToSound } from './benchmarks/click-to-sound';
import { idleRss } from './benchmarks/idle-rss';
import { importBenchmarks } from './benchmarks/import';
import { insightsBenchmarks } from './benchmarks/insights';
import { loginThroughput } from './benchmarks/login';
import { pgliteVsPostgres } from './benchmarks/pglite-vs-postgres';
import { playerBundle } from './benchmarks/player-bundle';
import { playerLighthouse } from './benchmarks/player-lighthouse';
import { readyTime } from './benchmarks/ready-time';
import { realtimeFanout } from './benchmarks/realtime-fanout';
import { realtimeReplicas } from './benchmarks/realtime-replicas';
import { searchTypeahead } from './benchmarks/search';
import { uploadBenchmarks } from './benchmarks/uploads';
import type { TBenchmark, TContext } from './harness/benchmark';
import { PACKAGE_DIR } from './harness/ceiling-build';
import { installCleanup, killAllNow } from './harness/children';
import { LOAD_CORE, pinCurrentProcess } from './harness/cores';
import type { TGeneratorName } from './harness/load-generator';
import { checkMachine } from './harness/machine';
import { MODES } from './harness/modes';
import { humanTable, jsonLine, writeResults } from './harness/report';
import { runAll } from './harness/runner';
import {
  apiTarget,
  helloFastifyTarget,
  prepareApiData,
  type TApiData,
  type TDatabaseMode,
  type TTarget,
} from './harness/targets';

const BENCHMARKS: TBenchmark[] = [
  bootstrapThroughput,
  readyTime,
  idleRss,
  searchTypeahead,
  ...uploadBenchmarks,
  playerBundle,
  clickToSound,
  playerLighthouse,
  ...albumBenchmarks,
  ...audioBenchmarks,
  ...importBenchmarks,
  pgliteVsPostgres,
  loginThroughput,
  ...insightsBenchmarks,
  billingWebhooks,
  realtimeFanout,
  realtimeReplicas,
  adminUsers,
  adminTracks,
];

const USAGE = `usage: pnpm bench [name...] [--smoke] [--generator wrk|autocannon] [--database embedded|postgres] [--self-check]
names: ${BENCHMARKS.map((benchmark) => benchmark.name).join(', ')} (all by default)
  --smoke        about a second per run, one round: proves the benchmarks work (CI)
  --generator    load generator (default: wrk when installed, else autocannon)
  --database     api database: embedded PGlite in a temp DATA_DIR (default, the single-node mode),
                 or a fresh database on the local PostgreSQL (127.0.0.1:5432, dropped afterwards)
  --self-check   run the hello-world as "ours" too: every ratio should come out near 1`;

const log = (message: string) => process.stderr.write(`bench: ${message}\n`);

function parse() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      smoke: { type: 'boolean', default: false },
      generator: { type: 'string' },
      database: { type: 'string', default: 'embedded' },
      'self-check': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const unknown = positionals.filter((name) => !BENCHMARKS.some((benchmark) => benchmark.name === name));
  if (unknown.length > 0) throw new Error(`unknown benchmark ${unknown.join(', ')}\n${USAGE}`);
  if (values.generator !== undefined && values.generator !== 'wrk' && values.generator !== 'autocannon') {
    throw new Error(`unknown generator ${values.generator}\n${USAGE}`);
  }
  if (values.database !== 'embedded' && values.database !== 'postgres') {
    throw new Error(`unknown database ${values.database}\n${USAGE}`);
  }
  const selected =
    positionals.length === 0 ? BENCHMARKS : BENCHMARKS.filter((b) => positionals.includes(b.name));
  return {
    selected,
    mode: MODES[values.smoke ? 'smoke' : 'full'],
    generator: values.generator as TGeneratorName | undefined,
    database: values.database as TDatabaseMode,
    isSelfCheck: values['self-check'],
    runName: positionals.length === 1 ? positionals[0]! : 'all',
  };
}

function memo<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

async function main(): Promise<number> {
  installCleanup();
  const options = parse();
  const machine = checkMachine();
  const pinning = { isEnabled: machine.hasTaskset };
  const generator: TGeneratorName = options.generator ?? (machine.hasWrk ? 'wrk' : 'autocannon');
  if (generator === 'wrk' && !machine.hasWrk) throw new Error('wrk is not installed');

  log(
    `${options.mode.name} mode; ${machine.cpus} cpus; load average ${machine.loadAverage.map((l) => l.toFixed(2)).join(' ')}` +
      `${machine.isBusy ? ' (BUSY: figures will drift)' : ''}; generator ${generator}`,
  );
  if (!machine.hasTaskset)
    log('taskset not found: server and load generator are NOT pinned to separate cores');
  if (machine.cpus < 2) log('fewer than 2 cpus: server and load generator share a core');
  pinCurrentProcess(pinning, LOAD_CORE);

  const budget = setTimeout(() => {
    log(`run exceeded its ${options.mode.budgetSeconds} s budget: killing everything`);
    killAllNow();
    process.exit(1);
  }, options.mode.budgetSeconds * 1000);
  budget.unref();

  let apiData: TApiData | undefined;
  const ceiling = memo(() => helloFastifyTarget());
  const ours = memo(async (): Promise<TTarget> => {
    if (options.isSelfCheck) return helloFastifyTarget('hello-fastify (as ours)');
    log(`preparing the api's ${options.database} database (first start migrates and seeds)`);
    apiData = await prepareApiData(pinning, options.database);
    log(`api first start took ${Math.round(apiData.firstStartMs)} ms; data in ${apiData.dataDir}`);
    return apiTarget(apiData.dataDir, apiData.databaseUrl);
  });
  const context: TContext = { mode: options.mode, machine, pinning, generator, ceiling, ours, log };

  try {
    const { results, failures } = await runAll(options.selected, context, (result) => {
      process.stdout.write(`${jsonLine(result)}\n`);
    });
    process.stdout.write(`\n${humanTable(results, failures)}\n`);
    const file = await writeResults(path.join(PACKAGE_DIR, 'results'), options.runName, {
      startedBy: 'pnpm bench',
      mode: options.mode,
      machine,
      generator,
      pinned: pinning.isEnabled,
      ours: options.isSelfCheck ? 'hello-fastify (self-check)' : `api (${options.database} database)`,
      apiFirstStartMs: apiData?.firstStartMs,
      results,
      failures,
    });
    log(`results written to ${path.relative(process.cwd(), file)}`);
    // Goals are reported, not enforced: only a benchmark that could not run fails the command.
    return failures.length > 0 ? 1 : 0;
  } finally {
    await apiData?.dispose();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
