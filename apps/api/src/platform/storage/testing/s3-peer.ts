import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type S3PeerKind = 's3rver' | 'fauxqs';

export type S3Peer = {
  kind: S3PeerKind;
  endpoint: string;
  bucket: string;
  /** The env a test app needs to use this peer as its `uploads` disk. */
  env: Record<string, string>;
  stop: () => Promise<void>;
  /** s3rver only: the process goes away (an outage) while its bucket's files stay on disk. */
  pause: () => Promise<void>;
  /** Brings a paused peer back at the same address with the same bucket. */
  resume: () => Promise<void>;
};

const here = path.dirname(fileURLToPath(import.meta.url));

function waitForPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`S3 peer did not start: ${output}`)), 15_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PORT (\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve(Number(match[1]));
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`S3 peer exited with ${code}: ${output}`));
    });
  });
}

async function endProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** Starts s3rver or fauxqs as a separate process on a spare loopback port, with one bucket. */
export async function startS3Peer(kind: S3PeerKind, bucket = 'cadence-test'): Promise<S3Peer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), `cadence-${kind}-`));
  const args =
    kind === 's3rver'
      ? [path.join(here, 's3rver-runner.mjs'), directory, bucket]
      : ['--import', path.join(here, 'sqlite-stub-hooks.mjs'), path.join(here, 'fauxqs-runner.mjs'), bucket];
  let child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await waitForPort(child);
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts only its fixed development credentials.
  const credentials =
    kind === 's3rver' ? { key: 'S3RVER', secret: 'S3RVER' } : { key: 'test', secret: 'test' };
  return {
    kind,
    endpoint,
    bucket,
    env: {
      UPLOADS_DISK_DRIVER: 's3',
      STORAGE_S3_KEY: credentials.key,
      STORAGE_S3_SECRET: credentials.secret,
      STORAGE_S3_REGION: 'us-east-1',
      STORAGE_S3_BUCKET: bucket,
      STORAGE_S3_ENDPOINT: endpoint,
      STORAGE_S3_PATH_STYLE: 'true',
    },
    stop: async () => {
      await endProcess(child);
      await rm(directory, { recursive: true, force: true });
    },
    pause: async () => {
      if (kind !== 's3rver') throw new Error('only the s3rver peer can be paused');
      await endProcess(child);
    },
    resume: async () => {
      if (child.exitCode === null && child.signalCode === null) return;
      child = spawn(process.execPath, [...args, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
      await waitForPort(child);
    },
  };
}
