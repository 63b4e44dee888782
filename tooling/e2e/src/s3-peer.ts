import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
