import { errorCount, type LoadReport, listenerReads, recoveryMs, startLoad } from './load';
import {
  type PrivateNginx,
  type PrivatePostgres,
  type PrivateRedis,
  PrivateS3,
  sleep,
  sparePort,
} from './peers';
import { Replica, type ReplicaConfig, STATEMENT_TIMEOUT_MS, sharedDataDir } from './replica';
import { startReplicaPair } from './replica-pair';
import { TusUpload, type UploadReport } from './tus-upload';
import { accessToken, Writer, type WriterReport } from './writer';

export type Timings = {
  /** Concurrent connections of the read load (the issue's ceiling is 50). */
  connections: number;
  /** How long a stopped dependency stays away. */
  outageMs: number;
  /** Load before the fault and after the recovery. */
  settleMs: number;
};

export const SMOKE: Timings = { connections: 20, outageMs: 3_000, settleMs: 1_500 };
export const FULL: Timings = { connections: 40, outageMs: 10_000, settleMs: 5_000 };

export type ScenarioReport = {
  name: string;
  requests: number;
  errors: Record<string, number>;
  /** From the dependency's return to the last failed request. */
  recoveryMs: number;
  writes: WriterReport;
  /** Every replica still running (or, for the rolling restart, restarted by the suite only). */
  alive: boolean;
  load: LoadReport;
  /** A tus upload in progress across the fault, when the scenario has one. */
  upload?: UploadReport;
};

/** Two api replicas on private PostgreSQL and Redis, behind nginx. */
export class Fixture {
  private constructor(
    readonly postgres: PrivatePostgres,
    readonly redis: PrivateRedis,
    readonly replicas: Replica[],
    readonly nginx: PrivateNginx,
    private readonly disposePair: () => Promise<void>,
    readonly ids: { album: number; artist: number; track: number; tracks: number[] },
    readonly token: string,
    /** What the replicas run with: a scenario can start one more replica on it. */
    readonly replicaConfig: ReplicaConfig,
  ) {}

  static async start(): Promise<Fixture> {
    const { postgres, redis, replicas, nginx, config, dispose } = await startReplicaPair();
    const [album] = await postgres.query<{ id: number }>('select id from albums order by id limit 1');
    const [artist] = await postgres.query<{ id: number }>('select id from artists order by id limit 1');
    const tracks = await postgres.query<{ id: number }>('select id from tracks order by id limit 60');
    if (!album || !artist || tracks.length === 0) throw new Error('the demo catalogue was not seeded');
    const ids = {
      album: album.id,
      artist: artist.id,
      track: tracks[0]?.id ?? 1,
      tracks: tracks.map((t) => t.id),
    };
    const token = await accessToken(nginx.url);
    return new Fixture(postgres, redis, replicas, nginx, dispose, ids, token, config);
  }

  get isAlive(): boolean {
    return this.replicas.every((replica) => replica.isAlive && replica.unexpectedExits === 0);
  }

  async dispose(): Promise<void> {
    await this.disposePair();
  }

  /**
   * Load and writes (through nginx, or `extra.baseUrl`) before, during and after `fault`, which
   * returns when the dependency is back.
   */
  async underLoad(
    name: string,
    timings: Timings,
    fault: () => Promise<void>,
    extra: { upload?: () => Promise<UploadReport>; baseUrl?: string; replicas?: Replica[] } = {},
  ): Promise<ScenarioReport> {
    const baseUrl = extra.baseUrl ?? this.nginx.url;
    const load = startLoad(baseUrl, listenerReads(this.ids), timings.connections);
    const writer = await Writer.create(baseUrl, this.token, this.ids.tracks);
    writer.start();
    await sleep(timings.settleMs);
    await fault();
    const returnedAt = Date.now();
    const upload = await extra.upload?.();
    await sleep(timings.settleMs);
    const report = await load.stop();
    const writes = await writer.stop(this.postgres);
    return {
      name,
      requests: report.requests,
      errors: report.errors,
      recoveryMs: recoveryMs(report, returnedAt),
      writes,
      alive:
        this.isAlive &&
        (extra.replicas ?? []).every((replica) => replica.isAlive && replica.unexpectedExits === 0),
      load: report,
      ...(upload ? { upload } : {}),
    };
  }
}

/** Catalogue reads and streams never need these dependencies: the goal is 0 errors while they are away. */
export const ZERO_READ_ERRORS = new Set(['Redis stopped', 'rolling restart', 'S3 peer stopped']);

export type Scenario = { name: string; run: (fixture: Fixture, timings: Timings) => Promise<ScenarioReport> };

export const SCENARIOS: Scenario[] = [
  {
    name: 'PostgreSQL fast restart',
    run: (f, t) =>
      f.underLoad('PostgreSQL fast restart', t, async () => {
        await f.postgres.stopFast();
        await f.postgres.start();
      }),
  },
  {
    name: 'PostgreSQL stopped',
    run: (f, t) =>
      f.underLoad(`PostgreSQL stopped ${t.outageMs / 1000} s`, t, async () => {
        await f.postgres.stopFast();
        await sleep(t.outageMs);
        await f.postgres.start();
      }),
  },
  {
    name: 'pg_terminate_backend',
    run: (f, t) =>
      f.underLoad('pg_terminate_backend of every app connection', t, async () => {
        await f.postgres.terminateOthers();
      }),
  },
  {
    name: 'statement timeout',
    run: (f, t) =>
      f.underLoad(
        `tracks locked ${(STATEMENT_TIMEOUT_MS * 2) / 1000} s (statement timeout ${STATEMENT_TIMEOUT_MS / 1000} s)`,
        t,
        async () => {
          const release = await f.postgres.lock('tracks');
          await sleep(STATEMENT_TIMEOUT_MS * 2);
          await release();
        },
      ),
  },
  {
    name: 'Redis stopped',
    run: async (f, t) => {
      // A tus upload is a third done when Redis goes; it resumes from the server's offset after.
      const upload = new TusUpload(f.nginx.url, f.token);
      await upload.create();
      await upload.sendFirstThird();
      return f.underLoad(
        `Redis stopped ${t.outageMs / 1000} s, a tus upload in progress`,
        t,
        async () => {
          await f.redis.stop();
          await upload.tryDuringOutage();
          await sleep(t.outageMs);
          await f.redis.start();
        },
        { upload: () => upload.resumeAndVerify() },
      );
    },
  },
  {
    name: 'S3 peer stopped',
    run: async (f, t) => {
      // A third replica keeps its uploads in an S3 bucket; the peer goes away mid-upload.
      const s3 = new PrivateS3(await sparePort());
      const data = sharedDataDir();
      const port = await sparePort();
      const replica = new Replica(port, {
        ...f.replicaConfig,
        publicUrl: `http://127.0.0.1:${port}`,
        dataDir: data.dir,
        env: s3.env,
      });
      try {
        await s3.start();
        await replica.start();
        const upload = new TusUpload(replica.url, f.token);
        await upload.create();
        await upload.sendFirstThird();
        const since = new Date();
        const report = await f.underLoad(
          `S3 peer stopped ${t.outageMs / 1000} s, a tus upload in progress`,
          t,
          async () => {
            await s3.stop();
            await upload.tryDuringOutage();
            await upload.tryFormUploadDuringOutage();
            await sleep(t.outageMs);
            await s3.start();
          },
          { upload: () => upload.resumeAndVerify(), baseUrl: replica.url, replicas: [replica] },
        );
        // Only the resumed upload may have become a file entry: none was kept without its bytes.
        const [created] = await f.postgres.query<{ count: string }>(
          'select count(*) from file_entries where created_at >= $1',
          [since],
        );
        if (report.upload) report.upload.entriesCreated = Number(created?.count ?? 0);
        return report;
      } finally {
        await replica.kill();
        await s3.dispose();
        data.dispose();
      }
    },
  },
  {
    name: 'rolling restart',
    run: (f, t) =>
      f.underLoad('rolling restart of two replicas (SIGTERM)', t, async () => {
        for (const replica of f.replicas) {
          const code = await replica.terminate();
          if (code !== 0) throw new Error(`replica on ${replica.port} exited with ${code} after SIGTERM`);
          await replica.start();
        }
      }),
  },
];

export function formatReport(report: ScenarioReport): string {
  const errors = Object.entries(report.errors)
    .map(([kind, n]) => `${kind}: ${n}`)
    .join(', ');
  const { acknowledged, found, lost } = report.writes;
  return [
    `${report.name}:`,
    `  requests ${report.requests}, errors ${errorCount(report.load)}${errors ? ` (${errors})` : ''}`,
    `  recovery ${report.recoveryMs} ms after the dependency returned`,
    `  writes acknowledged ${acknowledged}, found ${found}, lost ${lost}`,
    `  api process alive: ${report.alive ? 'yes' : 'NO'}`,
    ...(report.upload
      ? [
          `  tus upload of ${report.upload.bytes} bytes: answers during the outage ${report.upload.duringOutage.join(', ')}, bytes intact after resuming: ${report.upload.isIntact ? 'yes' : 'NO'}${report.upload.entriesCreated === undefined ? '' : `, file entries created ${report.upload.entriesCreated}`}`,
        ]
      : []),
  ].join('\n');
}
