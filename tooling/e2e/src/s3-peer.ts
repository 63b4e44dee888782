import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'apps', 'api');

/** The browser PUTs parts straight to the bucket, so it needs CORS and must be able to read ETag. */
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** s3rver lives in the api's dev dependencies; the runner loads it from there. */
const RUNNER = `
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
const require = createRequire(${JSON.stringify(join(apiDir, 'package.json'))});
const S3rver = require('s3rver');
const [directory, bucket, corsFile] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1', port: 0, silent: true, directory,
  configureBuckets: [{ name: bucket, configs: [readFileSync(corsFile)] }],
});
const { port } = await server.run();
process.stdout.write('PORT ' + port + '\\n');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

export interface RunningProcess {
  url: string;
  stop(): Promise<void>;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** A real s3rver process on a spare loopback port with one CORS-enabled bucket. */
export async function startS3rver(
  bucket = 'cadence-e2e',
): Promise<RunningProcess & { env: Record<string, string> }> {
  const directory = mkdtempSync(join(tmpdir(), 'cadence-e2e-s3rver-'));
  writeFileSync(join(directory, 'runner.mjs'), RUNNER);
  writeFileSync(join(directory, 'cors.xml'), CORS);
  const child = spawn(
    process.execPath,
    [join(directory, 'runner.mjs'), join(directory, 'data'), bucket, join(directory, 'cors.xml')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${output}`)), 15_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PORT (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}: ${output}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    // s3rver accepts only its fixed development credentials.
    env: {
      UPLOADS_DISK_DRIVER: 's3',
      STORAGE_S3_KEY: 'S3RVER',
      STORAGE_S3_SECRET: 'S3RVER',
      STORAGE_S3_REGION: 'us-east-1',
      STORAGE_S3_BUCKET: bucket,
      STORAGE_S3_ENDPOINT: url,
      STORAGE_S3_PATH_STYLE: 'true',
    },
    async stop() {
      await stopChild(child);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' };

/**
 * The built api in embedded mode with extra env (a storage driver), settings applied through the
 * CLI first. `startApi` in api-server.ts does the same without the extra env.
 */
export async function startApiWithEnv(
  extraEnv: Record<string, string>,
  settings: Record<string, string> = {},
): Promise<RunningProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cadence-e2e-uploads-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DATABASE_URL: '',
    REDIS_URL: '',
    ...extraEnv,
  };
  for (const [key, value] of Object.entries(settings)) {
    const result = spawnSync('node', [join(apiDir, 'dist', 'cli.js'), 'settings:set', key, value], {
      env,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`settings:set ${key} failed:\n${result.stdout}${result.stderr}`);
  }
  let output = '';
  const child = spawn('node', [join(apiDir, 'dist', 'server.js')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`api exited early (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`api did not become ready:\n${output}`);
    }
    const isReady = await fetch(`${url}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (isReady) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
