import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { track } from '../harness/children';
import { LOAD_CORE, pinned, type TPinning } from '../harness/cores';
import type { TGeneratorName } from '../harness/load-generator';

const WRK_REPORT = fileURLToPath(new URL('../harness/wrk-report.lua', import.meta.url));
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon');

export type THeaderLoad = {
  url: string;
  headers: Record<string, string>;
  seconds: number;
  connections: number;
  generator: TGeneratorName;
  pinning: TPinning;
};

/** The harness's generators with request headers (Range): requests per second, failing on any error. */
export async function requestsPerSecond(options: THeaderLoad): Promise<number> {
  const headerArgs = Object.entries(options.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const [command, args] =
    options.generator === 'wrk'
      ? pinned(options.pinning, LOAD_CORE, 'wrk', [
          '-t1',
          `-c${options.connections}`,
          `-d${options.seconds}s`,
          // wrk's own 2 s would count a whole 8 MB file that a busy machine (the test command's
          // browser lane beside it) sends in 2.1 s as a failure, and fail the run on the ceiling's
          // side (nginx, 2026-12-02); autocannon's default is this 10 s.
          '--timeout',
          '10s',
          '-s',
          WRK_REPORT,
          ...headerArgs,
          options.url,
        ])
      : pinned(options.pinning, LOAD_CORE, process.execPath, [
          AUTOCANNON,
          '--json',
          '-c',
          String(options.connections),
          '-d',
          String(options.seconds),
          ...headerArgs,
          options.url,
        ]);
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    track(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.seconds * 1000 + 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${command} ended with ${code}: ${err.trim().slice(0, 500)}`));
    });
  });
  const line = stdout
    .trim()
    .split('\n')
    .reverse()
    .find((candidate) => candidate.trimStart().startsWith('{'));
  if (!line) throw new Error(`no JSON from the load generator:\n${stdout}`);
  const report = JSON.parse(line) as Record<string, unknown>;
  if (options.generator === 'wrk') {
    const r = report as Record<string, number>;
    const failures =
      (r.statusErrors ?? 0) +
      (r.connectErrors ?? 0) +
      (r.readErrors ?? 0) +
      (r.writeErrors ?? 0) +
      (r.timeouts ?? 0);
    if (failures > 0) {
      const kinds = ['statusErrors', 'connectErrors', 'readErrors', 'writeErrors', 'timeouts']
        .map((kind) => `${kind} ${r[kind] ?? 0}`)
        .join(', ');
      throw new Error(`${options.url}: ${failures} failed requests under load (${kinds})`);
    }
    return (r.requests ?? 0) / ((r.durationUs ?? 1) / 1e6);
  }
  const r = report as {
    duration: number;
    non2xx: number;
    errors: number;
    timeouts: number;
    requests: { total: number };
  };
  if (r.non2xx + r.errors + r.timeouts > 0) throw new Error(`${options.url}: failed requests under load`);
  return r.requests.total / r.duration;
}
