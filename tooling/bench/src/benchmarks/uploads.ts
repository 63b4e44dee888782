import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { TBenchmark, TContext } from '../harness/benchmark';
import { buildCeiling, PACKAGE_DIR } from '../harness/ceiling-build';
import { track } from '../harness/children';
import { LOAD_CORE, pinned, SERVER_CORE, type TPinning } from '../harness/cores';
import { findSparePort, LOOPBACK } from '../harness/ports';
import { startServer, type TRunningServer } from '../harness/server-process';
import type { TPairedSample } from '../harness/stats';
import { apiEntry, type TTarget } from '../harness/targets';

const MiB = 1024 * 1024;
/** Issue 6: a 1 GiB upload; smoke mode only proves the path works. */
const UPLOAD_BYTES = { full: 1024 * MiB, smoke: 32 * MiB } as const;
const CHILD_TIMEOUT_MS = 300_000;

type TRound = { dd: number; pipe: number; tusDisk: number; tusS3: number; sdkS3: number };
type TUploadFigures = {
  rounds: TRound[];
  bytes: number;
  s3PartSize: number;
  rss: {
    diskBeforeMiB: number;
    diskPeakMiB: number;
    s3BeforeMiB: number;
    s3PeakMiB: number;
    pipePeakMiB: number;
  };
};

const mibPerSecond = (bytes: number, ms: number) => bytes / MiB / (ms / 1000);

/** Runs a child to completion (pinned), returning its stdout and wall time. */
async function runChild(
  pinning: TPinning,
  core: number,
  command: string,
  args: string[],
): Promise<{ stdout: string; ms: number }> {
  const [bin, binArgs] = pinned(pinning, core, command, args);
  const started = performance.now();
  const child = spawn(bin, binArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  track(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${command} ended with ${code}: ${stderr.trim().slice(0, 800)}`);
  return { stdout, ms: performance.now() - started };
}

async function writeRandomFile(file: string, bytes: number): Promise<void> {
  const out = createWriteStream(file);
  for (let left = bytes; left > 0; left -= 4 * MiB) {
    if (!out.write(randomBytes(Math.min(left, 4 * MiB)))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Peak and current RSS from the kernel: VmHWM is the high-water mark since the process started. */
async function memoryOf(pid: number): Promise<{ rssMiB: number; hwmMiB: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const read = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? 0) / 1024;
  return { rssMiB: read('VmRSS'), hwmMiB: read('VmHWM') };
}

/** The api's session for the seeded admin: login with a double-submit XSRF pair of our own. */
async function login(baseUrl: string, email: string, password: string) {
  const xsrf = randomBytes(24).toString('base64url');
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email, password }),
  });
  const session = response.headers.getSetCookie().find((line) => line.startsWith('cadence_session='));
  if (!response.ok || !session)
    throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return { cookie: `${session.split(';')[0]}; XSRF-TOKEN=${xsrf}`, xsrf };
}

/** s3rver (the api's dev dependency) in its own process, standing in for a remote object store. */
async function startS3rver(
  directory: string,
): Promise<{ env: Record<string, string>; endpoint: string; stop: () => Promise<void> }> {
  const apiPackage = path.join(path.dirname(path.dirname(apiEntry())), 'package.json');
  const runner = path.join(directory, 'runner.mjs');
  await writeFile(
    runner,
    `import { createRequire } from 'node:module';
const S3rver = createRequire(${JSON.stringify(apiPackage)})('s3rver');
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.argv[2],
  configureBuckets: [{ name: 'bench' }] });
const { port } = await server.run();
process.stdout.write('PORT ' + port + '\\n');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`,
  );
  const child = spawn(process.execPath, [runner, path.join(directory, 'data')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  track(child);
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${output}`)), 15_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PORT (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}: ${output}`)));
  });
  return {
    endpoint: `http://${LOOPBACK}:${port}`,
    env: {
      UPLOADS_DISK_DRIVER: 's3',
      STORAGE_S3_KEY: 'S3RVER',
      STORAGE_S3_SECRET: 'S3RVER',
      STORAGE_S3_REGION: 'us-east-1',
      STORAGE_S3_BUCKET: 'bench',
      STORAGE_S3_ENDPOINT: `http://${LOOPBACK}:${port}`,
      STORAGE_S3_PATH_STYLE: 'true',
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([once(child, 'exit'), new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** Starts an api from the prepared target, in its own copy of the data dir, with extra env. */
async function startApi(
  context: TContext,
  target: TTarget,
  dataDir: string,
  extraEnv: Record<string, string>,
) {
  const spec = target.spec(await findSparePort());
  const server = await startServer(
    { ...spec, env: { ...spec.env, DATA_DIR: dataDir, ...extraEnv } },
    context.pinning,
    target.startTimeoutMs,
  );
  const session = await login(server.baseUrl, spec.env.ADMIN_EMAIL ?? '', spec.env.ADMIN_PASSWORD ?? '');
  return { server, session };
}

/** The smallest S3 part is 5 MiB; the api's tus store uses max(uploads.chunk_size, that) (tus-store.ts). */
const S3_MIN_PART = 5 * MiB;

/** The part size the api's tus S3 store uses, from its own settings (admin view). */
async function apiS3PartSize(baseUrl: string, session: { cookie: string; xsrf: string }): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v1/settings`, { headers: { cookie: session.cookie } });
  if (!response.ok) throw new Error(`GET /api/v1/settings answered ${response.status}`);
  const found = findKey(await response.json(), 'chunk_size');
  if (typeof found !== 'number') throw new Error('no uploads chunk_size in the admin settings');
  return Math.max(found, S3_MIN_PART);
}

function findKey(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  if (key in value) return (value as Record<string, unknown>)[key];
  for (const child of Object.values(value)) {
    const found = findKey(child, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Samples VmRSS every 50 ms while `work` runs; returns the work's result and the largest sample. */
async function watchRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMiB: number }> {
  let peakMiB = 0;
  const timer = setInterval(() => {
    memoryOf(pid).then(
      ({ rssMiB }) => {
        peakMiB = Math.max(peakMiB, rssMiB);
      },
      () => {},
    );
  }, 50);
  try {
    const result = await work();
    peakMiB = Math.max(peakMiB, (await memoryOf(pid)).hwmMiB);
    return { result, peakMiB };
  } finally {
    clearInterval(timer);
  }
}

async function measure(context: TContext): Promise<TUploadFigures> {
  const target = await context.ours();
  if (!target.label.startsWith('api'))
    throw new Error('the uploads benchmarks need the api (no --self-check)');
  const bytes = UPLOAD_BYTES[context.mode.name];
  const work = await mkdtemp(path.join(os.tmpdir(), 'cadence-bench-uploads-'));
  const [pipeEntry, clientEntry, sdkEntry] = await Promise.all([
    buildCeiling('pipe-to-file'),
    buildCeiling('upload-client'),
    buildCeiling('s3-sdk-upload'),
  ]);
  const running: Array<{ stop: () => Promise<void> }> = [];
  try {
    const source = path.join(work, 'source.bin');
    context.log(`uploads: writing a ${bytes / MiB} MiB source file`);
    await writeRandomFile(source, bytes);
    const pipeDir = path.join(work, 'pipe');
    await mkdir(pipeDir);

    const diskData = path.join(work, 'api-disk');
    const s3Data = path.join(work, 'api-s3');
    const ourData = target.spec(0).env.DATA_DIR ?? '';
    await cp(ourData, diskData, { recursive: true });
    await cp(ourData, s3Data, { recursive: true });
    await mkdir(path.join(work, 's3rver'));
    const s3 = await startS3rver(path.join(work, 's3rver'));
    running.push(s3);
    const disk = await startApi(context, target, diskData, {});
    running.push(disk.server);
    const viaS3 = await startApi(context, target, s3Data, s3.env);
    running.push(viaS3.server);
    const pipeSpecPort = await findSparePort();
    const pipe: TRunningServer = await startServer(
      {
        label: 'pipe-to-file',
        command: process.execPath,
        args: [pipeEntry],
        cwd: PACKAGE_DIR,
        env: {
          PATH: process.env.PATH ?? '',
          HOST: LOOPBACK,
          PORT: String(pipeSpecPort),
          UPLOAD_DIR: pipeDir,
        },
        port: pipeSpecPort,
        readyPath: '/',
      },
      context.pinning,
      15_000,
    );
    running.push(pipe);

    const rss = {
      diskBeforeMiB: (await memoryOf(disk.server.pid)).rssMiB,
      s3BeforeMiB: (await memoryOf(viaS3.server.pid)).rssMiB,
      diskPeakMiB: 0,
      s3PeakMiB: 0,
      pipePeakMiB: 0,
    };
    const s3PartSize = await apiS3PartSize(viaS3.server.baseUrl, viaS3.session);
    const apiPackage = path.join(path.dirname(path.dirname(apiEntry())), 'package.json');
    const sdkUpload = async (round: number) => {
      const args = [
        sdkEntry,
        apiPackage,
        s3.endpoint,
        'bench',
        `sdk-ceiling/${round}`,
        source,
        String(s3PartSize),
      ];
      const { stdout } = await runChild(context.pinning, SERVER_CORE, process.execPath, args);
      return JSON.parse(stdout.trim()) as { ms: number; bytes: number };
    };
    const upload = async (mode: 'tus' | 'raw', url: string, session?: { cookie: string; xsrf: string }) => {
      const args = [clientEntry, mode, url, source, session?.cookie ?? '', session?.xsrf ?? ''];
      const { stdout } = await runChild(context.pinning, LOAD_CORE, process.execPath, args);
      return JSON.parse(stdout.trim()) as { ms: number; key: string };
    };

    // Every side starts with no dirty pages of another side's write: without this, a side written
    // right after another 1 GiB (the pipe's copy, the S3 peer's objects) paid for that writeback,
    // and the same tus upload took 1.5 s in one round and 7 s in the next (2026-11-27 full run).
    const settle = () => runChild(context.pinning, SERVER_CORE, 'sync', []);
    const rounds: TRound[] = [];
    for (let round = 0; round < context.mode.rounds; round += 1) {
      context.log(
        `uploads: round ${round + 1}/${context.mode.rounds}: dd, pipe-to-file, tus (disk), tus (s3), AWS SDK (s3)`,
      );
      const copy = path.join(work, 'dd-copy.bin');
      await settle();
      const dd = await runChild(context.pinning, SERVER_CORE, 'dd', [
        `if=${source}`,
        `of=${copy}`,
        'bs=4M',
        'conv=fdatasync',
        'status=none',
      ]);
      await rm(copy, { force: true });

      await settle();
      const piped = await watchRss(pipe.pid, () => upload('raw', `${pipe.baseUrl}/upload`));
      rss.pipePeakMiB = Math.max(rss.pipePeakMiB, piped.peakMiB);
      await rm(pipeDir, { recursive: true, force: true });
      await mkdir(pipeDir);

      const tusUrl = (server: TRunningServer) => `${server.baseUrl}/api/v1/tus/upload`;
      await settle();
      const onDisk = await watchRss(disk.server.pid, () => upload('tus', tusUrl(disk.server), disk.session));
      rss.diskPeakMiB = Math.max(rss.diskPeakMiB, onDisk.peakMiB);
      const stored = path.join(diskData, 'storage', 'uploads', 'tus', onDisk.result.key);
      await Promise.all([rm(stored, { force: true }), rm(`${stored}.json`, { force: true })]);

      await settle();
      const onS3 = await watchRss(viaS3.server.pid, () => upload('tus', tusUrl(viaS3.server), viaS3.session));
      rss.s3PeakMiB = Math.max(rss.s3PeakMiB, onS3.peakMiB);
      // Right after the tus upload it is compared with: the same bytes, the same peer, the same part size.
      await settle();
      const sdk = await sdkUpload(round);

      rounds.push({
        dd: dd.ms,
        pipe: piped.result.ms,
        tusDisk: onDisk.result.ms,
        tusS3: onS3.result.ms,
        sdkS3: sdk.ms,
      });
      const speeds = [dd.ms, piped.result.ms, onDisk.result.ms, onS3.result.ms, sdk.ms].map((ms) =>
        mibPerSecond(bytes, ms).toFixed(0),
      );
      context.log(
        `uploads: MiB/s dd ${speeds[0]}, pipe ${speeds[1]}, tus disk ${speeds[2]}, tus s3 ${speeds[3]}, sdk s3 ${speeds[4]}`,
      );
    }
    return { rounds, bytes, s3PartSize, rss };
  } finally {
    for (const server of running.reverse()) await server.stop().catch(() => {});
    await rm(work, { recursive: true, force: true });
  }
}

let figures: Promise<TUploadFigures> | undefined;
/** One measurement feeds every uploads metric: 1 GiB transfers are too slow to repeat per metric. */
function uploadFigures(context: TContext): Promise<TUploadFigures> {
  figures ??= measure(context);
  return figures;
}

/** Three rounds of five 1 GiB uploads (smoke: 32 MiB): one shared run feeds every uploads metric. */
const UPLOADS_TIME = { expectedSeconds: { full: 150, smoke: 25 }, group: 'uploads' } as const;

function throughputBenchmark(
  name: string,
  goalRatio: number,
  goalWords: string,
  pair: (round: TRound) => { ceilingMs: number; oursMs: number },
): TBenchmark {
  return {
    name,
    ...UPLOADS_TIME,
    unit: 'MiB/s',
    direction: 'ours-over-ceiling',
    goalRatio,
    goalWords,
    async run(context) {
      const { rounds, bytes, s3PartSize, rss } = await uploadFigures(context);
      const samples: TPairedSample[] = rounds.map((round) => {
        const { ceilingMs, oursMs } = pair(round);
        return { ceiling: mibPerSecond(bytes, ceilingMs), ours: mibPerSecond(bytes, oursMs) };
      });
      return { samples, details: { bytes, s3PartSize, rounds, rss } };
    },
  };
}

export const uploadsTusVsDd = throughputBenchmark(
  'uploads-tus-vs-dd',
  0.5,
  'a tus upload on loopback >= 0.5x dd conv=fdatasync of the same bytes',
  (round) => ({ ceilingMs: round.dd, oursMs: round.tusDisk }),
);

export const uploadsTusVsPipe = throughputBenchmark(
  'uploads-tus-vs-pipe',
  0.8,
  'a tus upload >= 0.8x a bare Node handler piping the request to a file',
  (round) => ({ ceilingMs: round.pipe, oursMs: round.tusDisk }),
);

export const uploadsS3VsDisk = throughputBenchmark(
  'uploads-tus-s3-vs-disk',
  0.5,
  'tus through the S3 store against s3rver >= 0.5x tus to the local disk',
  (round) => ({ ceilingMs: round.tusDisk, oursMs: round.tusS3 }),
);

/** Issue 16 item 6: whether the peer or our store sets the S3 figure. */
export const uploadsS3VsSdk = throughputBenchmark(
  'uploads-tus-s3-vs-sdk',
  0.8,
  "tus through the S3 store >= 0.8x the AWS SDK's multipart Upload of the same bytes to the same s3rver, same part size",
  (round) => ({ ceilingMs: round.sdkS3, oursMs: round.tusS3 }),
);

/** No whole-file buffering: the api's peak RSS during a 1 GiB upload stays near its RSS before it. */
export const uploadsPeakRss: TBenchmark = {
  name: 'uploads-peak-rss',
  ...UPLOADS_TIME,
  unit: 'MiB',
  direction: 'ceiling-over-ours',
  goalRatio: 0.5,
  goalWords: 'peak RSS while uploading <= 2x the RSS before (the file is 1 GiB)',
  async run(context) {
    const { rss, bytes } = await uploadFigures(context);
    return {
      samples: [
        { ceiling: rss.diskBeforeMiB, ours: rss.diskPeakMiB },
        { ceiling: rss.s3BeforeMiB, ours: rss.s3PeakMiB },
      ],
      details: { bytes, rss, note: 'samples: [local disk api, S3 store api]; pipe-to-file peak in rss' },
    };
  },
};

export const uploadBenchmarks: TBenchmark[] = [
  uploadsTusVsDd,
  uploadsTusVsPipe,
  uploadsS3VsDisk,
  uploadsS3VsSdk,
  uploadsPeakRss,
];
