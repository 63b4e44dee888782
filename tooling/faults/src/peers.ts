import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Private PostgreSQL, Redis and nginx processes on spare ports: the suite stops, kills and
 * restarts them, so it never touches the machine's shared services.
 */

export function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what = 'Condition',
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const isRoot = process.getuid?.() === 0;

/** Debian installs server binaries per major version; the newest one present is used. */
function postgresBin(root = '/usr/lib/postgresql'): string {
  const majors = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
  return `${root}/${majors.sort((a, b) => Number(b) - Number(a))[0] ?? '15'}/bin`;
}

function asPostgres(command: string, args: string[]): [string, string[]] {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function idOf(flag: '-u' | '-g', user: string): number {
  return Number(execFileSync('id', [flag, user]).toString().trim());
}

export class PrivatePostgres {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'cadence-faults-pg-'));
  readonly dataDir = path.join(this.dir, 'data');
  private readonly bin = postgresBin();

  constructor(readonly port: number) {
    if (isRoot) chownSync(this.dir, idOf('-u', 'postgres'), idOf('-g', 'postgres'));
    const [cmd, args] = asPostgres(`${this.bin}/initdb`, [
      '-D',
      this.dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
    ]);
    execFileSync(cmd, args, { stdio: 'ignore' });
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  async start(): Promise<void> {
    const [cmd, args] = asPostgres(`${this.bin}/postgres`, [
      '-D',
      this.dataDir,
      '-k',
      this.dir,
      '-p',
      String(this.port),
      '-h',
      '127.0.0.1',
      '-F',
      '-c',
      'max_connections=60',
    ]);
    spawn(cmd, args, { stdio: 'ignore', detached: false }).unref();
    await waitFor(() => this.query('select 1').then(() => true), 20_000, 'PostgreSQL start');
  }

  private pid(): number | undefined {
    try {
      return Number(readFileSync(path.join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return undefined;
    }
  }

  isRunning(): boolean {
    const pid = this.pid();
    if (!pid) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  /** `pg_ctl stop -m fast`: SIGINT to the postmaster, which terminates every backend (57P01). */
  async stopFast(): Promise<void> {
    const pid = this.pid();
    if (pid) process.kill(pid, 'SIGINT');
    await waitFor(async () => !this.isRunning(), 20_000, 'PostgreSQL stop');
  }

  /** SIGQUIT to the postmaster is PostgreSQL's "immediate shutdown": like a crash, no goodbyes. */
  async crash(): Promise<void> {
    const pid = this.pid();
    if (pid) process.kill(pid, 'SIGQUIT');
    await waitFor(async () => !this.isRunning(), 10_000, 'PostgreSQL exit');
  }

  /** A short-lived connection of the suite's own (not the app's). */
  async query<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => {});
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end().catch(() => {});
    }
  }

  /** What a failover or a pooler reset does to the app: every other connection is cut. */
  async terminateOthers(): Promise<number> {
    const rows = await this.query<{ count: number }>(
      `select count(pg_terminate_backend(pid))::int as count from pg_stat_activity
       where pid <> pg_backend_pid() and datname = current_database() and backend_type = 'client backend'`,
    );
    return rows[0]?.count ?? 0;
  }

  /** Holds an exclusive lock on `table` on a connection of its own until the returned release. */
  async lock(table: string): Promise<() => Promise<void>> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', () => {});
    await client.connect();
    await client.query('begin');
    await client.query(`lock table ${pg.escapeIdentifier(table)} in access exclusive mode`);
    return async () => {
      await client.query('rollback').catch(() => {});
      await client.end().catch(() => {});
    };
  }

  async dispose(): Promise<void> {
    if (this.isRunning()) {
      const pid = this.pid();
      if (pid) process.kill(pid, 'SIGQUIT');
      await waitFor(async () => !this.isRunning(), 10_000, 'PostgreSQL exit').catch(() => {});
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export class PrivateRedis {
  private process: ChildProcess | undefined;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.process = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await waitFor(
      async () =>
        execFileSync('redis-cli', ['-p', String(this.port), 'ping'], { stdio: ['ignore', 'pipe', 'ignore'] })
          .toString()
          .includes('PONG'),
      10_000,
      'Redis start',
    );
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

/** nginx in front of the replicas, as a load balancer would be. */
export class PrivateNginx {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'cadence-faults-nginx-'));
  private process: ChildProcess | undefined;

  constructor(
    readonly port: number,
    private readonly upstreamPorts: number[],
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const servers = this.upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=0;`).join('\n');
    // A refused connection (a replica that stopped listening) is retried on the other one;
    // max_fails=0 keeps a restarted replica in rotation the moment it listens again.
    const config = `
daemon off;
worker_processes 1;
pid ${this.dir}/nginx.pid;
error_log ${this.dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${this.dir}/body;
  proxy_temp_path ${this.dir}/proxy;
  fastcgi_temp_path ${this.dir}/fastcgi;
  uwsgi_temp_path ${this.dir}/uwsgi;
  scgi_temp_path ${this.dir}/scgi;
  upstream api {
${servers}
  }
  # WebSockets (the realtime socket) pass through as an upgrade; other requests close as before.
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' close;
  }
  server {
    listen 127.0.0.1:${this.port};
    location / {
      proxy_pass http://api;
      # Upload bodies stream to the api as they come (tus chunks), with no size cap of nginx's own.
      proxy_request_buffering off;
      client_max_body_size 0;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_set_header Host $http_host;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 120s;
    }
  }
}
`;
    writeFileSync(path.join(this.dir, 'nginx.conf'), config);
    this.process = spawn('/usr/sbin/nginx', ['-c', path.join(this.dir, 'nginx.conf'), '-p', this.dir], {
      stdio: 'ignore',
    });
    await waitFor(
      () =>
        fetch(`${this.url}/health`).then(
          () => true,
          () => false,
        ),
      10_000,
      'nginx start',
    );
  }

  async dispose(): Promise<void> {
    const child = this.process;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The api's s3rver runner (s3rver is one of the api's dev dependencies and resolves from there). */
const S3RVER_RUNNER = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  '../../../apps/api/src/platform/storage/testing/s3rver-runner.mjs',
);

/** An S3-compatible peer (s3rver) that can be stopped and brought back at the same address. */
export class PrivateS3 {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'cadence-faults-s3-'));
  readonly bucket = 'cadence-faults';
  private process: ChildProcess | undefined;

  constructor(readonly port: number) {}

  /** What an api replica needs to keep its uploads in this bucket. */
  get env(): Record<string, string> {
    return {
      UPLOADS_DISK_DRIVER: 's3',
      STORAGE_S3_KEY: 'S3RVER',
      STORAGE_S3_SECRET: 'S3RVER',
      STORAGE_S3_REGION: 'us-east-1',
      STORAGE_S3_BUCKET: this.bucket,
      STORAGE_S3_ENDPOINT: `http://127.0.0.1:${this.port}`,
      STORAGE_S3_PATH_STYLE: 'true',
    };
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [S3RVER_RUNNER, this.dir, this.bucket, String(this.port)], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    this.process = child;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('s3rver did not start within 15 s')), 15_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        if (!chunk.toString().includes('PORT')) return;
        clearTimeout(timer);
        resolve();
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`s3rver exited with ${code}`));
      });
    });
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
