import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'apps', 'api');
const cli = join(apiDir, 'dist', 'cli.js');
const server = join(apiDir, 'dist', 'server.js');

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
  const deadline = Date.now() + Number(process.env.E2E_API_READY_MS ?? 60_000);
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

/**
 * Starts the built api in the embedded mode (PGlite in a fresh temp data dir), after applying
 * settings through the CLI, the way an operator would before the first start.
 */
export async function startApi(
  settings: Record<string, string> = {},
  extraEnv: Record<string, string> = {},
  /** A folder of audio files to import (`cadence import`, loudness measured) before the start. */
  importFolder?: string,
): Promise<RunningApi> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cadence-e2e-'));
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'admin@e2e.test',
    ADMIN_PASSWORD: 'e2e-admin-password',
    DATABASE_URL: '',
    REDIS_URL: '',
    ...extraEnv,
  };
  for (const [key, value] of Object.entries(settings)) {
    // Not spawnSync: a peer started in this process (Stripe, PayPal) must answer the credential
    // check the command makes while it runs.
    await promisify(execFile)('node', [cli, 'settings:set', key, value], { env, encoding: 'utf8' }).catch(
      (error: { stdout?: string; stderr?: string }) => {
        throw new Error(`settings:set ${key} failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
      },
    );
  }
  if (importFolder) {
    await promisify(execFile)('node', [cli, 'import', importFolder], { env, encoding: 'utf8' }).catch(
      (error: { stdout?: string; stderr?: string }) => {
        throw new Error(`import failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
      },
    );
  }
  let output = '';
  const child = spawn('node', [server], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child, () => output);
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
