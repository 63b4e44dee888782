import path from 'node:path';
import { parseArgs } from 'node:util';
import { adminTracks } from './benchmarks/admin-tracks';
import { adminUsers } from './benchmarks/admin-users';
import { albumBenchmarks } from './benchmarks/album-route';
import { audioBenchmarks } from './benchmarks/audio-range';
import { billingWebhooks } from './benchmarks/billing-webhooks';
import { bootstrapBenchmarks } from './benchmarks/bootstrap-throughput';
import { clickToSound } from './benchmarks/click-to-sound';
import { idleRss } from './benchmarks/idle-rss';
import { importBenchmarks } from './benchmarks/import';
import { insightsBenchmarks } from './benchmarks/insights';
import { listenerPageBenchmarks } from './benchmarks/listener-page';
import { loginThroughput } from './benchmarks/login';
import { mixedLoadBenchmarks } from './benchmarks/mixed-load';
import { partyFanout } from './benchmarks/party-fanout';
import { payoutsRun } from './benchmarks/payouts-run';
import { pgliteVsPostgres } from './benchmarks/pglite-vs-postgres';
import { playerBundle } from './benchmarks/player-bundle';
import { playerLighthouse } from './benchmarks/player-lighthouse';
import { readyTime } from './benchmarks/ready-time';
import { realtimeFanout } from './benchmarks/realtime-fanout';
import { realtimeReplicas } from './benchmarks/realtime-replicas';
import { scrobbleOutbox } from './benchmarks/scrobble-outbox';
import { searchTypeahead } from './benchmarks/search';
import { searchVsAlbumBenchmarks } from './benchmarks/search-vs-album';
import { smartPlaylists } from './benchmarks/smart-playlists';
import { subsonicLists } from './benchmarks/subsonic-lists';
import { subsonicStreamTtfb } from './benchmarks/subsonic-stream';
import { transcodeBenchmarks } from './benchmarks/transcode';
import { transcodeMix } from './benchmarks/transcode-mix';
import { uploadBenchmarks } from './benchmarks/uploads';
import type { TBenchmark, TContext } from './harness/benchmark';
import { budgetSecondsOf, expectedSecondsOf, runPlan } from './harness/budget';
import { PACKAGE_DIR } from './harness/ceiling-build';
import { installCleanup, killAllNow } from './harness/children';
import { LOAD_CORE, pinCurrentProcess } from './harness/cores';
import type { TGeneratorName } from './harness/load-generator';
import { BUSY_LOAD_AVERAGE, checkMachine, readLoadAverage } from './harness/machine';
import { MODES, type TMode } from './harness/modes';
import {
  humanTable,
  isFailure,
  jsonLine,
  resultsFile,
  type TMetricFailure,
  type TMetricResult,
} from './harness/report';
import { runAll } from './harness/runner';
import {
  apiTarget,
  disposeApiTemplates,
  emptyPgliteTarget,
  helloFastifyTarget,
  prepareApiData,
  type TApiData,
  type TDatabaseMode,
  type TTarget,
} from './harness/targets';
import { exitCodeOf } from './harness/verdict';

const BENCHMARKS: TBenchmark[] = [
  ...bootstrapBenchmarks,
  readyTime,
  idleRss,
  searchTypeahead,
  ...searchVsAlbumBenchmarks,
  ...uploadBenchmarks,
  playerBundle,
  clickToSound,
  playerLighthouse,
  ...albumBenchmarks,
  ...listenerPageBenchmarks,
  ...audioBenchmarks,
  ...importBenchmarks,
  pgliteVsPostgres,
  loginThroughput,
  ...insightsBenchmarks,
  billingWebhooks,
  realtimeFanout,
  realtimeReplicas,
  partyFanout,
  adminUsers,
  adminTracks,
  payoutsRun,
  subsonicLists,
  smartPlaylists,
  scrobbleOutbox,
  subsonicStreamTtfb,
  ...transcodeBenchmarks,
  transcodeMix,
  ...mixedLoadBenchmarks,
];

const USAGE = `usage: pnpm bench [name...] [--smoke] [--plan] [--generator wrk|autocannon] [--database embedded|postgres] [--self-check]
names: ${BENCHMARKS.map((benchmark) => benchmark.name).join(', ')} (all by default)
  --smoke        about a second per run, one round: proves the benchmarks work (CI)
  --generator    load generator (default: wrk when installed, else autocannon)
  --database     api database: embedded PGlite in a temp DATA_DIR (default, the single-node mode),
                 or a fresh database on the local PostgreSQL (127.0.0.1:5432, dropped afterwards)
  --self-check   run the hello-world as "ours" too: every ratio should come out near 1
  --plan         print each selected benchmark's expected time and budget, and the run's total; run nothing
Exit status: 1 when a benchmark fails or overruns its budget, or (full mode) when the machine was
busy and a goal could only be reported "unmeasured (busy)"; goals missed do not fail the command.`;

const log = (message: string) => process.stderr.write(`bench: ${message}\n`);

function parse() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      smoke: { type: 'boolean', default: false },
      generator: { type: 'string' },
      database: { type: 'string', default: 'embedded' },
      'self-check': { type: 'boolean', default: false },
      plan: { type: 'boolean', default: false },
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
    isPlanOnly: values.plan,
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

const minutes = (seconds: number) => `${Math.round(seconds / 60)} min`;

function printPlan(selected: TBenchmark[], modeName: TMode['name']): void {
  for (const benchmark of selected)
    process.stdout.write(
      `${benchmark.name.padEnd(26)} expected ${String(expectedSecondsOf(benchmark, modeName)).padStart(4)} s, budget ${String(budgetSecondsOf(benchmark, modeName)).padStart(4)} s\n`,
    );
  const plan = runPlan(selected, modeName);
  process.stdout.write(
    `total: expected ${minutes(plan.expectedSeconds)} (${plan.expectedSeconds} s), at most ${minutes(plan.budgetSeconds)}\n`,
  );
}

async function main(): Promise<number> {
  installCleanup();
  const options = parse();
  if (options.isPlanOnly) {
    printPlan(options.selected, options.mode.name);
    return 0;
  }
  const machine = checkMachine();
  const pinning = { isEnabled: machine.hasTaskset };
  const generator: TGeneratorName = options.generator ?? (machine.hasWrk ? 'wrk' : 'autocannon');
  if (generator === 'wrk' && !machine.hasWrk) throw new Error('wrk is not installed');
  const plan = runPlan(options.selected, options.mode.name);

  log(
    `${options.mode.name} mode; ${machine.cpus} cpus; load average ${machine.loadAverage.map((l) => l.toFixed(2)).join(' ')}` +
      `${machine.isBusy ? ` (BUSY: over ${BUSY_LOAD_AVERAGE}; goals met will read "unmeasured (busy)", not pass)` : ''}; generator ${generator}; ` +
      `${options.selected.length} benchmarks, expected ${minutes(plan.expectedSeconds)}, at most ${minutes(plan.budgetSeconds)}`,
  );
  if (!machine.hasTaskset)
    log('taskset not found: server and load generator are NOT pinned to separate cores');
  if (machine.cpus < 2) log('fewer than 2 cpus: server and load generator share a core');
  pinCurrentProcess(pinning, LOAD_CORE);

  // A backstop only: each benchmark has its own budget, and their sum bounds the run.
  const backstopSeconds = plan.budgetSeconds + 120;
  const backstop = setTimeout(() => {
    log(`run exceeded the sum of its benchmarks' budgets (${backstopSeconds} s): killing everything`);
    killAllNow();
    process.exit(1);
  }, backstopSeconds * 1000);
  backstop.unref();

  let apiData: TApiData | undefined;
  const ceiling = memo(() => helloFastifyTarget());
  const ours = memo(async (): Promise<TTarget> => {
    if (options.isSelfCheck) return helloFastifyTarget('hello-fastify (as ours)');
    log(`preparing the api's ${options.database} database (first start migrates and seeds)`);
    apiData = await prepareApiData(pinning, options.database);
    log(`api first start took ${Math.round(apiData.firstStartMs)} ms; data in ${apiData.dataDir}`);
    return apiTarget(apiData.dataDir, apiData.databaseUrl);
  });
  let pgliteCeiling: { dispose: () => Promise<void> } | undefined;
  const emptyPglite =
    options.database === 'embedded' && !options.isSelfCheck
      ? memo(async (): Promise<TTarget> => {
          const target = await emptyPgliteTarget(pinning);
          pgliteCeiling = target;
          return target;
        })
      : undefined;
  const context: TContext = {
    mode: options.mode,
    machine,
    pinning,
    generator,
    ceiling,
    ours,
    emptyPglite,
    log,
  };

  const output = await resultsFile(path.join(PACKAGE_DIR, 'results'), options.runName);
  const startedAt = new Date().toISOString();
  const done: { results: TMetricResult[]; failures: TMetricFailure[] } = { results: [], failures: [] };
  const save = () =>
    output.write({
      startedBy: 'pnpm bench',
      startedAt,
      mode: options.mode,
      machine,
      generator,
      pinned: pinning.isEnabled,
      ours: options.isSelfCheck ? 'hello-fastify (self-check)' : `api (${options.database} database)`,
      apiFirstStartMs: apiData?.firstStartMs,
      expectedSeconds: plan.expectedSeconds,
      selected: options.selected.map((benchmark) => benchmark.name),
      results: done.results,
      failures: done.failures,
    });

  try {
    const { results, failures } = await runAll(options.selected, context, async (entry) => {
      if (isFailure(entry)) done.failures.push(entry);
      else {
        done.results.push(entry);
        process.stdout.write(`${jsonLine(entry)}\n`);
      }
      await save();
    });
    process.stdout.write(`\n${humanTable(results, failures)}\n`);
    const finishedAt = new Date();
    const seconds = Math.round((finishedAt.getTime() - Date.parse(startedAt)) / 1000);
    log(
      `ran in ${minutes(seconds)} (${seconds} s); load average now ${readLoadAverage()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    log(`results written to ${path.relative(process.cwd(), output.file)}`);
    const code = exitCodeOf(options.mode.name, results, failures);
    const unmeasured = results.filter((result) => result.verdict === 'unmeasured (busy)').length;
    if (unmeasured > 0)
      log(
        `${unmeasured} goal(s) met on a busy machine read "unmeasured (busy)"${options.mode.name === 'full' ? ': exit 1, re-run on a quiet machine' : ' (smoke: not an error)'}`,
      );
    return code;
  } finally {
    await apiData?.dispose();
    await disposeApiTemplates();
    await pgliteCeiling?.dispose();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
