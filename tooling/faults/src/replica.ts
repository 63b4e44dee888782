import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './peers';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'apps', 'api');
const SERVER = path.join(API_DIR, 'dist', 'server.js');

export const ADMIN = { email: 'faults@example.com', password: 'faults-admin-password' };
/** What the suite sets that a real deployment would tune: short waits keep the runs short. */
export const STATEMENT_TIMEOUT_MS = 1_500;
export const DRAIN_DELAY_MS = 1_500;

export type ReplicaConfig = {
  databaseUrl: string;
  redisUrl: string;
  publicUrl: string;
  dataDir: string;
  /** More variables, such as an S3 uploads disk. */
  env?: Record<string, string>;
};

export function sharedDataDir(): { dir: string; dispose: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cadence-faults-data-'));
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** One api process (the built `dist/server.js`), as a deployment runs it. */
export class Replica {
  private child: ChildProcess | undefined;
  private output = '';
  exitCode: number | null = null;
  /** Exits the suite did not cause: the goal is none. */
  unexpectedExits = 0;
  private isStopping = false;

  constructor(
    readonly port: number,
    private readonly config: ReplicaConfig,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get isAlive(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  logs(): string {
    return this.output.slice(-4_000);
  }

  async start(): Promise<void> {
    if (!existsSync(SERVER))
      throw new Error(`${SERVER} not found: build the api first (pnpm --filter @cadence/api build)`);
    this.isStopping = false;
    this.exitCode = null;
    const child = spawn(process.execPath, [SERVER], {
      cwd: API_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        PORT: String(this.port),
        HOST: '127.0.0.1',
        APP_URL: this.config.publicUrl,
        APP_KEY: 'faults-suite-app-key-0123456789abcdefghijkl',
        DATABASE_URL: this.config.databaseUrl,
        REDIS_URL: this.config.redisUrl,
        DATA_DIR: this.config.dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '1000000000',
        DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
        SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
        SHUTDOWN_TIMEOUT_MS: '15000',
        ...this.config.env,
      },
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-40_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code) => {
      this.exitCode = code;
      if (!this.isStopping) this.unexpectedExits += 1;
    });
    this.child = child;
    await waitFor(
      async () => {
        if (!this.isAlive) throw new Error(`replica exited while starting:\n${this.logs()}`);
        return (await fetch(`${this.url}/ready`)).ok;
      },
      120_000,
      `replica on ${this.port} ready`,
    ).catch((error) => {
      throw new Error(`${error.message}\n${this.logs()}`);
    });
  }

  /** SIGTERM, as an orchestrator's rolling restart sends; resolves with the exit code. */
  async terminate(): Promise<number | null> {
    const child = this.child;
    if (!child || !this.isAlive) return this.exitCode;
    this.isStopping = true;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    return exited;
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.isAlive) return;
    this.isStopping = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
