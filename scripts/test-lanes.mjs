// The test command's scheduler. Turbo has no task priorities: on two cores it gave both slots to
// the api's two passes and started the browser tests 46 minutes into a 70-minute run, so the run
// ended on one long task while the other slot sat idle. Here every package's test script runs
// once its workspace is built, the longest expected first (longest-processing-time order), on as
// many lanes as the machine has cores, and each line of output carries its task's name. A
// `test:alone` script (the browser tests that measure time in the page) runs last, with the
// machine to itself: beside another lane's Chromium its figures measured the neighbour.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const TEST_SCRIPTS = ['test', 'test:embedded', 'test:alone'];
/** Seconds assumed for a task no table knows: small packages' unit tests. */
const UNKNOWN_TASK_SECONDS = 60;
/**
 * GNU time reports the CPU a task used with every process it started and waited for (browsers,
 * api servers, PostgreSQL's work excluded): on two cores the run's length is that CPU over two,
 * so this names which task to make cheaper. Optional: without it the timeline has no CPU column.
 */
const GNU_TIME = '/usr/bin/time';

/** Every `test` and `test:embedded` script of the workspace's packages, as tasks. */
export function workspaceTestTasks(root) {
  const tasks = [];
  for (const group of ['apps', 'packages', 'tooling']) {
    const groupDir = join(root, group);
    if (!existsSync(groupDir)) continue;
    for (const name of readdirSync(groupDir)) {
      const manifestPath = join(groupDir, name, 'package.json');
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
      for (const script of TEST_SCRIPTS) {
        if (manifest.scripts?.[script]) {
          tasks.push({
            id: `${manifest.name}:${script}`,
            pkg: manifest.name,
            dir: join(groupDir, name),
            script,
            isAlone: script === 'test:alone',
          });
        }
      }
    }
  }
  return tasks;
}

/** `--filter=<name>` (repeatable, `*` as a wildcard) keeps the tasks of the packages it names. */
export function filterTasks(tasks, filters) {
  if (filters.length === 0) return tasks;
  const patterns = filters.map(
    (filter) => new RegExp(`^${filter.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`),
  );
  return tasks.filter((task) => patterns.some((pattern) => pattern.test(task.pkg)));
}

/**
 * Expected seconds per task: the last run of this checkout when there was one (`recordedPath`),
 * else the committed table (`tablePath`), measured on the CI machine.
 */
export function expectedSeconds(tablePath, recordedPath) {
  const read = (path) => {
    try {
      return JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      return {};
    }
  };
  return { ...read(tablePath), ...read(recordedPath) };
}

/** Longest first, the tasks that run alone after all others; ties by name, so two runs start in the same order. */
export function longestFirst(tasks, expected) {
  const seconds = (task) => expected[task.id] ?? UNKNOWN_TASK_SECONDS;
  return [...tasks].sort(
    (a, b) =>
      Number(a.isAlone ?? false) - Number(b.isAlone ?? false) ||
      seconds(b) - seconds(a) ||
      a.id.localeCompare(b.id),
  );
}

export function recordDurations(recordedPath, results) {
  const durations = {};
  for (const result of results) durations[result.id] = Math.round((result.endedAt - result.startedAt) / 1000);
  mkdirSync(dirname(recordedPath), { recursive: true });
  writeFileSync(recordedPath, `${JSON.stringify(durations, null, 2)}\n`);
}

/**
 * Runs the tasks in order on `lanes` lanes: a lane that frees takes the next task, except that a
 * task marked `isAlone` waits until nothing else runs and holds every lane while it runs. Resolves
 * with each task's exit code and times once all have ended (a failure does not stop the others).
 */
export function runLanes(tasks, { lanes, pnpm, env, onLine }) {
  const queue = [...tasks];
  const results = [];
  const running = new Set();
  /** Whether the running task is one that must run alone. */
  let alone = false;
  return new Promise((resolve) => {
    const startNext = () => {
      if (queue.length === 0) {
        if (running.size === 0) resolve(results);
        return;
      }
      if (running.size > 0 && (queue[0].isAlone || alone)) return;
      const task = queue.shift();
      alone = task.isAlone === true;
      const startedAt = Date.now();
      onLine(task, `started (${running.size + 1} running)`);
      const cpuFile = existsSync(GNU_TIME)
        ? join(mkdtempSync(join(tmpdir(), 'cadence-task-cpu-')), 'cpu')
        : undefined;
      const [command, args] = cpuFile
        ? [GNU_TIME, ['-f', '%U %S', '-o', cpuFile, pnpm, 'run', task.script]]
        : [pnpm, ['run', task.script]];
      // Its own process group, so that stopping the run reaches the task through GNU time's wrapper.
      const child = spawn(command, args, {
        cwd: task.dir,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      running.add(child);
      const forward = (stream) => {
        let buffer = '';
        stream.on('data', (chunk) => {
          buffer += chunk.toString();
          const lines = buffer.split('\n');
          buffer = lines.pop() ?? '';
          for (const line of lines) onLine(task, line);
        });
        stream.on('end', () => {
          if (buffer) onLine(task, buffer);
        });
      };
      forward(child.stdout);
      forward(child.stderr);
      child.on('close', (code, signal) => {
        running.delete(child);
        results.push({
          ...task,
          code: code ?? (signal ? 1 : 0),
          startedAt,
          endedAt: Date.now(),
          cpuSeconds: cpuFile ? readCpuSeconds(cpuFile) : undefined,
        });
        startNext();
      });
    };
    const stopAll = () => {
      queue.length = 0;
      for (const child of running) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          child.kill('SIGTERM');
        }
      }
    };
    process.once('SIGINT', stopAll);
    process.once('SIGTERM', stopAll);
    for (let lane = 0; lane < Math.min(lanes, Math.max(tasks.length, 1)); lane += 1) startNext();
  });
}

/** User + system seconds from GNU time's `%U %S` output (its last line), or undefined. */
export function parseCpuSeconds(text) {
  const match = /(\d+(?:\.\d+)?) (\d+(?:\.\d+)?)\s*$/.exec(text);
  return match ? Math.round(Number(match[1]) + Number(match[2])) : undefined;
}

function readCpuSeconds(file) {
  try {
    return parseCpuSeconds(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  } finally {
    rmSync(dirname(file), { recursive: true, force: true });
  }
}

/** When each task started, how long it took, the CPU it used, and its exit code: the run's critical path. */
export function timeline(results, startedAt) {
  const seconds = (ms) => `${Math.round(ms / 1000)} s`;
  const cpu = (result) => (result.cpuSeconds === undefined ? '' : `${result.cpuSeconds} s`);
  const lines = [...results]
    .sort((a, b) => a.startedAt - b.startedAt)
    .map(
      (result) =>
        `  +${seconds(result.startedAt - startedAt).padStart(6)}  ${seconds(result.endedAt - result.startedAt).padStart(6)}  ${cpu(result).padStart(7)}  ${result.id}${result.code ? ` (exit ${result.code})` : ''}`,
    );
  const cpuTotal = results.reduce((sum, result) => sum + (result.cpuSeconds ?? 0), 0);
  return `Test tasks (start, duration, CPU of the task and its children):\n${lines.join('\n')}${cpuTotal > 0 ? `\n  CPU in all: ${cpuTotal} s` : ''}`;
}
