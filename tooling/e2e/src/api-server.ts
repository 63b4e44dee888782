import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { apiCli, apiServer, E2E_ADMIN, embeddedEnv, SEED_INPUTS } from './api-env';

export interface RunningApi {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, logs: () => string): Promise<void> {
  // A loaded machine (CI beside other jobs) can take longer: E2E_API_READY_MS raises the wait.
  const deadline = Date.now() + Number(process.env.E2E_API_READY_MS ?? 100_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`api exited early (${child.exitCode}):\n${logs()}`);
    try {
      const response = await fetch(`${url}/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`api did not become ready:\n${logs()}`);
}

/** A copy of the directory the global setup seeded, unless `extraEnv` changes what a seed writes. */
function dataDirFor(extraEnv: Record<string, string>): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'cadence-e2e-'));
  const template = inject('seededDataDir');
  if (template && !SEED_INPUTS.some((key) => key in extraEnv)) {
    cpSync(template, dataDir, { recursive: true });
  }
  return dataDir;
}

/**
 * Starts the built api in the embedded mode (PGlite in its own temp data dir), after applying
 * settings through the CLI, the way an operator would before the first start.
 */
export async function startApi(
  settings: Record<string, string> = {},
  extraEnv: Record<string, string> = {},
  /** A folder of audio files to import (`cadence import`, loudness measured) before the start. */
  importFolder?: string,
): Promise<RunningApi> {
  const dataDir = dataDirFor(extraEnv);
  const port = await freePort();
  const env = {
    ...process.env,
    ...embeddedEnv(dataDir),
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ...extraEnv,
  };
  const pairs = Object.entries(settings).flat();
  if (pairs.length > 0) {
    // One command for every setting (each start of the CLI opens the database). Not execFileSync:
    // a peer started in this process (Stripe, PayPal) must answer the credential check the command
    // makes while it runs.
    await promisify(execFile)('node', [apiCli, 'settings:set', ...pairs], { env, encoding: 'utf8' }).catch(
      (error: { stdout?: string; stderr?: string }) => {
        throw new Error(
          `settings:set ${Object.keys(settings).join(' ')} failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`,
        );
      },
    );
  }
  if (importFolder) {
    await promisify(execFile)('node', [apiCli, 'import', importFolder], { env, encoding: 'utf8' }).catch(
      (error: { stdout?: string; stderr?: string }) => {
        throw new Error(`import failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
      },
    );
  }
  let output = '';
  const child = spawn('node', [apiServer], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child, () => output).catch((error: unknown) => {
    // A start that never got ready must not outlive the test file with its data directory.
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
