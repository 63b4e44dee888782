#!/usr/bin/env node
// The root commands (`start`, `test`, `dev`) run through here so that they also work with plain
// `npm start` / `npm test` on a fresh machine: pnpm is installed when missing (corepack's
// download is not an option on a closed network) and the workspace is installed and built first.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expectedSeconds,
  filterTasks,
  longestFirst,
  recordDurations,
  runLanes,
  timeline,
  workspaceTestTasks,
} from './test-lanes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '10.34.9';
const APPS = ['@cadence/api', '@cadence/player', '@cadence/admin', '@cadence/backstage'];

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function hasCommand(cmd, args = ['--version']) {
  return spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
}

function ensurePnpm() {
  if (hasCommand('pnpm')) return 'pnpm';
  console.log(`[cadence] pnpm not found: installing pnpm@${PNPM_VERSION} with npm`);
  if (spawnSync('npm', ['install', '--global', `pnpm@${PNPM_VERSION}`], { stdio: 'inherit' }).status === 0) {
    return 'pnpm';
  }
  // No rights for a global install: keep a private copy inside the checkout.
  const prefix = join(root, 'node_modules', '.cadence-pnpm');
  run('npm', ['install', '--prefix', prefix, `pnpm@${PNPM_VERSION}`]);
  return join(prefix, 'node_modules', '.bin', 'pnpm');
}

/**
 * Debian packages the test command relies on: Chromium for browser tests, ffmpeg to encode the
 * import tests' tagged audio, nginx and wrk as the benchmarks' ceiling server and load generator.
 * Installed with apt-get when missing (as root); otherwise the tests that need them say so and skip.
 */
const TEST_PACKAGES = [
  { file: '/usr/bin/chromium', pkg: 'chromium' },
  { file: '/usr/bin/ffmpeg', pkg: 'ffmpeg' },
  { file: '/usr/sbin/nginx', pkg: 'nginx-light' },
  { file: '/usr/bin/wrk', pkg: 'wrk' },
  { file: '/usr/bin/xmllint', pkg: 'libxml2-utils' },
];

function ensureTestPackages() {
  const missing = TEST_PACKAGES.filter(({ file }) => !existsSync(file)).map(({ pkg }) => pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.warn(
      `[cadence] missing Debian packages for the tests: ${missing.join(' ')} (install them with apt-get)`,
    );
    return;
  }
  console.log(`[cadence] installing Debian packages for the tests: ${missing.join(' ')}`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function install(pnpm) {
  const frozen = existsSync(join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
  run(pnpm, ['install', '--prefer-offline', ...frozen]);
}

function buildApps(pnpm) {
  run(pnpm, ['exec', 'turbo', 'run', 'build', ...APPS.map((app) => `--filter=${app}`)]);
}

const ANSI_SEQUENCE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const stripAnsi = (text) => text.replace(ANSI_SEQUENCE, '');

const SLOWEST_FILES = 20;
/** Test tasks at once: the machine's two cores (each vitest run has its own workers too). */
const TEST_LANES = 2;

/**
 * The slowest test files of every vitest run, from the JSON each run wrote into `dir` (the
 * reporter in tooling/vitest/file-durations.ts): import and setup included, with the package and,
 * for the api's second run, its target.
 */
function slowestFiles(dir) {
  const rows = [];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    try {
      rows.push(...JSON.parse(readFileSync(join(dir, name), 'utf8')));
    } catch {
      console.warn(`[cadence] unreadable test durations: ${name}`);
    }
  }
  if (rows.length === 0) return '';
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const slowest = rows.sort((a, b) => b.totalMs - a.totalMs).slice(0, SLOWEST_FILES);
  const width = Math.max(...slowest.map((row) => seconds(row.totalMs).length));
  const lines = slowest.map((row) => {
    const where = row.target ? `${row.package} (${row.target})` : row.package;
    return `  ${seconds(row.totalMs).padStart(width)}  ${where}  ${row.file}  (tests ${seconds(row.testsMs)})`;
  });
  const report = [
    `Slowest ${slowest.length} of ${rows.length} test files (import and setup included):\n${lines.join('\n')}`,
  ];
  // Named again at the end, where a CI log's tail is read: which test failed, and which passed
  // only on a retry (a flake that a green run would otherwise hide).
  const listed = (field) =>
    rows.flatMap((row) =>
      (row[field] ?? []).map(
        (name) => `  ${row.package}${row.target ? ` (${row.target})` : ''}  ${row.file}  ${name}`,
      ),
    );
  const failed = listed('failed');
  const retried = listed('retried');
  if (failed.length > 0) report.unshift(`Failed tests:\n${failed.join('\n')}`);
  if (retried.length > 0) report.push(`Passed only on a retry:\n${retried.join('\n')}`);
  return report.join('\n\n');
}

/**
 * The load average and the processes that have used the most CPU: a server or browser left
 * running by an earlier session, or PostgreSQL vacuuming a big fresh database, slows every lane.
 */
function machineLoad() {
  const ps = spawnSync('ps', ['-eo', 'pid,pcpu,etime,args', '--sort=-pcpu', '--no-headers'], {
    encoding: 'utf8',
  });
  const top = (ps.stdout ?? '')
    .split('\n')
    .filter((line) => line && Number.parseInt(line, 10) !== ps.pid)
    .slice(0, 5)
    .map((line) => `  ${line.slice(0, 140)}`);
  return `Machine: load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} on ${availableParallelism()} cores; most CPU (pid %cpu elapsed command):\n${top.join('\n')}`;
}

/**
 * Builds the workspace once (Turbo, cached), then runs every package's test scripts on two lanes,
 * longest first (scripts/test-lanes.mjs), and closes with one plain "N passed, N failed" line
 * summed over every vitest run, the slowest test files and each task's start and duration.
 */
async function runTests(pnpm, args) {
  // A run 2-3x slower than the last one is usually a neighbour on the cores, not the code: say so
  // at both ends of the log.
  console.log(machineLoad());
  const filters = args
    .filter((arg) => arg.startsWith('--filter='))
    .map((arg) => arg.slice('--filter='.length));
  const unknown = args.filter((arg) => !arg.startsWith('--filter='));
  if (unknown.length > 0) {
    console.error(
      `[cadence] test takes only --filter=<package> (repeatable, * as a wildcard); not: ${unknown.join(' ')}`,
    );
    process.exit(2);
  }
  run(pnpm, ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only']);
  const tasks = filterTasks(workspaceTestTasks(root), filters);
  if (tasks.length === 0) {
    console.error(`[cadence] no package's test script matches ${filters.join(' ')}`);
    process.exit(2);
  }
  const recordedPath = join(root, 'node_modules', '.cache', 'cadence', 'test-durations.json');
  const ordered = longestFirst(
    tasks,
    expectedSeconds(join(root, 'scripts', 'test-durations.json'), recordedPath),
  );
  const durationsDir = mkdtempSync(join(tmpdir(), 'cadence-test-durations-'));
  const env = {
    ...process.env,
    CADENCE_TEST_DURATIONS_DIR: durationsDir,
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    FORCE_COLOR: '0',
    NO_COLOR: '1',
  };
  let passed = 0;
  let failed = 0;
  const startedAt = Date.now();
  const results = await runLanes(ordered, {
    lanes: TEST_LANES,
    pnpm,
    env,
    onLine: (task, line) => {
      process.stdout.write(`${task.id}: ${line}\n`);
      const match = /\bTests\s+(.*)\(\d+\)\s*$/.exec(stripAnsi(line));
      if (!match) return;
      passed += Number(/(\d+) passed/.exec(match[1])?.[1] ?? 0);
      failed += Number(/(\d+) failed/.exec(match[1])?.[1] ?? 0);
    },
  });
  const failedTasks = results.filter((result) => result.code !== 0);
  console.log(`\n${passed} passed, ${failed} failed`);
  if (failedTasks.length > 0)
    console.log(`failed tasks: ${failedTasks.map((result) => result.id).join(', ')}`);
  const slowest = slowestFiles(durationsDir);
  if (slowest) console.log(`\n${slowest}`);
  console.log(`\n${timeline(results, startedAt)}`);
  console.log(`\n${machineLoad()}`);
  if (filters.length === 0) recordDurations(recordedPath, results);
  rmSync(durationsDir, { recursive: true, force: true });
  process.exit(failedTasks.length > 0 ? 1 : 0);
}

const command = process.argv[2];
const pnpm = ensurePnpm();
install(pnpm);

switch (command) {
  case 'start':
    buildApps(pnpm);
    run('node', ['apps/api/dist/server.js']);
    break;
  case 'dev':
    run(pnpm, [
      'exec',
      'turbo',
      'run',
      'dev',
      '--filter=@cadence/api',
      '--filter=@cadence/player',
      '--filter=@cadence/admin',
      '--filter=@cadence/backstage',
    ]);
    break;
  case 'test':
    ensureTestPackages();
    // `pnpm test --filter=@cadence/permissions` runs one package's tests.
    await runTests(pnpm, process.argv.slice(3));
    break;
  default:
    console.error('usage: node scripts/run.mjs start|dev|test');
    process.exit(2);
}
