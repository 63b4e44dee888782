import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { track } from './children';
import { LOAD_CORE, pinned, type TPinning } from './cores';

export type TGeneratorName = 'wrk' | 'autocannon';

export type TLoadOptions = {
  url: string;
  seconds: number;
  connections: number;
  generator: TGeneratorName;
  pinning: TPinning;
};

export type TLoadResult = {
  requestsPerSecond: number;
  requests: number;
  /** Responses outside 2xx (wrk counts >= 400; the probe before each run catches 3xx). */
  non2xx: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** What the errors were, as the generator counts them (wrk: connect, read, write, timeout). */
  errorKinds?: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
};

const WRK_REPORT = fileURLToPath(new URL('./wrk-report.lua', import.meta.url));
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon');
/** A generator that overruns its duration by this much is considered hung and killed. */
const OVERRUN_MS = 15_000;

function run(
  command: string,
  args: string[],
  timeoutMs: number,
  env?: Record<string, string>,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: env === undefined ? process.env : { ...process.env, ...env },
    });
    track(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} ended with ${signal ?? code}: ${stderr.trim()}`));
    });
  });
}

function lastJsonLine(text: string): Record<string, unknown> {
  const line = text
    .trim()
    .split('\n')
    .reverse()
    .find((candidate) => candidate.trimStart().startsWith('{'));
  if (line === undefined) throw new Error(`no JSON in the load generator output:\n${text}`);
  return JSON.parse(line) as Record<string, unknown>;
}

export const WRK_REPORT_SCRIPT = WRK_REPORT;

/**
 * wrk with a script of its own (`script`, which must end by loading the report script named in
 * `BENCH_WRK_REPORT` so the run prints the JSON line parsed here) and its environment.
 */
export async function runWrkScript(
  options: Omit<TLoadOptions, 'generator'> & { script: string; env: Record<string, string> },
): Promise<TLoadResult> {
  return runWrk({ ...options, generator: 'wrk' }, options.script, {
    ...options.env,
    BENCH_WRK_REPORT: WRK_REPORT,
  });
}

async function runWrk(
  options: TLoadOptions,
  script = WRK_REPORT,
  env?: Record<string, string>,
): Promise<TLoadResult> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '-s', script, options.url];
  const [command, pinnedArgs] = pinned(options.pinning, LOAD_CORE, 'wrk', args);
  const report = lastJsonLine(
    await run(command, pinnedArgs, options.seconds * 1000 + OVERRUN_MS, env),
  ) as Record<string, number>;
  const seconds = (report.durationUs ?? 0) / 1e6;
  const requests = report.requests ?? 0;
  return {
    requestsPerSecond: seconds > 0 ? requests / seconds : 0,
    requests,
    non2xx: report.statusErrors ?? 0,
    errors:
      (report.connectErrors ?? 0) +
      (report.readErrors ?? 0) +
      (report.writeErrors ?? 0) +
      (report.timeouts ?? 0),
    errorKinds: {
      connect: report.connectErrors ?? 0,
      read: report.readErrors ?? 0,
      write: report.writeErrors ?? 0,
      timeout: report.timeouts ?? 0,
    },
    p50Ms: (report.p50Us ?? 0) / 1000,
    p99Ms: (report.p99Us ?? 0) / 1000,
  };
}

type TAutocannonReport = {
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  requests: { total: number };
  latency: { p50: number; p99: number };
};

async function runAutocannon(options: TLoadOptions): Promise<TLoadResult> {
  const args = [
    AUTOCANNON,
    '--json',
    '-c',
    String(options.connections),
    '-d',
    String(options.seconds),
    options.url,
  ];
  const [command, pinnedArgs] = pinned(options.pinning, LOAD_CORE, process.execPath, args);
  const report = lastJsonLine(
    await run(command, pinnedArgs, options.seconds * 1000 + OVERRUN_MS),
  ) as unknown as TAutocannonReport;
  return {
    requestsPerSecond: report.duration > 0 ? report.requests.total / report.duration : 0,
    requests: report.requests.total,
    non2xx: report.non2xx,
    errors: report.errors + report.timeouts,
    errorKinds: { socket: report.errors, timeout: report.timeouts },
    p50Ms: report.latency.p50,
    p99Ms: report.latency.p99,
  };
}

export function runLoad(options: TLoadOptions): Promise<TLoadResult> {
  return options.generator === 'wrk' ? runWrk(options) : runAutocannon(options);
}
