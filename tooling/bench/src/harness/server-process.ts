import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { track } from './children';
import { pinned, SERVER_CORE, type TPinning } from './cores';
import { LOOPBACK } from './ports';

export type TServerSpec = {
  label: string;
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  port: number;
  /** Path answered with 2xx once the server can take traffic. */
  readyPath: string;
};

export type TRunningServer = {
  spec: TServerSpec;
  pid: number;
  /** Milliseconds from spawn to the first 2xx on the ready path. */
  readyMs: number;
  baseUrl: string;
  stop: () => Promise<void>;
  output: () => string;
};

const POLL_INTERVAL_MS = 5;
const OUTPUT_LIMIT = 20_000;
const STOP_GRACE_MS = 5_000;

/** One GET on loopback: resolves with the status code, or 0 when nothing answers yet. */
export function probe(url: string, timeoutMs = 2_000): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { timeout: timeoutMs, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Spawns the server pinned to the server core and waits for its ready path. Fails with the
 * server's own output when it exits early or is not ready within `timeoutMs`.
 */
export async function startServer(
  spec: TServerSpec,
  pinning: TPinning,
  timeoutMs: number,
): Promise<TRunningServer> {
  const [command, args] = pinned(pinning, SERVER_CORE, spec.command, spec.args);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  const startedAt = performance.now();
  const child = spawn(command, args, { cwd: spec.cwd, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'] });
  track(child);
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exitNote = '';
  child.once('exit', (code, signal) => {
    exitNote = `exited with ${signal ?? `code ${code}`}`;
  });
  child.once('error', (error) => {
    exitNote = `could not spawn: ${error.message}`;
  });

  const baseUrl = `http://${LOOPBACK}:${spec.port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if (await waitForExit(child, STOP_GRACE_MS)) return;
    child.kill('SIGKILL');
    await waitForExit(child, STOP_GRACE_MS);
  };

  const deadline = startedAt + timeoutMs;
  while (performance.now() < deadline) {
    if (exitNote !== '') break;
    const status = await probe(`${baseUrl}${spec.readyPath}`);
    if (status >= 200 && status < 300) {
      const readyMs = performance.now() - startedAt;
      if (child.pid === undefined) throw new Error(`${spec.label}: no pid`);
      return { spec, pid: child.pid, readyMs, baseUrl, stop, output: () => output };
    }
    await sleep(POLL_INTERVAL_MS);
  }
  await stop();
  const reason = exitNote || `not ready on ${spec.readyPath} within ${timeoutMs} ms`;
  throw new Error(`${spec.label} did not start: ${reason}\n--- its output ---\n${output.trim()}`);
}
