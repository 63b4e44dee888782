import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_DIR } from '../harness/ceiling-build';
import { track } from '../harness/children';

export const REPO_DIR = path.resolve(PACKAGE_DIR, '..', '..');
export const PLAYER_DIR = path.join(REPO_DIR, 'apps', 'player');
export const PLAYER_DIST = path.join(PLAYER_DIR, 'dist');

const BUILD_TIMEOUT_MS = 5 * 60_000;

/** `pnpm --filter @cadence/player build`, the way CI and the api's static serving get the player. */
export async function buildPlayer(log: (message: string) => void): Promise<number> {
  log('building the player (pnpm --filter @cadence/player build)');
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn('pnpm', ['--filter', '@cadence/player', 'build'], {
      cwd: REPO_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    track(child);
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`player build ended with ${code}:\n${output}`));
    });
  });
  return performance.now() - started;
}

/** Smoke runs reuse an existing build (a full player build takes far longer than a smoke run may). */
export async function ensurePlayerBuilt(
  isSmoke: boolean,
  log: (message: string) => void,
): Promise<{ isRebuilt: boolean; buildMs?: number }> {
  if (isSmoke && existsSync(path.join(PLAYER_DIST, 'index.html'))) {
    log('reusing the existing apps/player/dist (pnpm --filter @cadence/player build to refresh it)');
    return { isRebuilt: false };
  }
  return { isRebuilt: true, buildMs: await buildPlayer(log) };
}
