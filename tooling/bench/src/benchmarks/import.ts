import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { TBenchmark, TContext } from '../harness/benchmark';
import { findSparePort } from '../harness/ports';
import { startServer } from '../harness/server-process';
import { median, type TPairedSample } from '../harness/stats';
import { apiEntry, apiTarget } from '../harness/targets';
import { truncateCascadeSql } from '../harness/truncate-catalogue';
import { createBenchDatabase, seededRandom, WORDS } from './catalogue';

/** Tables the import path writes, parents first (the order COPY loads them in). */
const TABLES = [
  'artists',
  'albums',
  'album_artist',
  'tracks',
  'artist_track',
  'genres',
  'genreables',
  'lyrics',
  'import_files',
];
const FILES = { full: 600, smoke: 30 } as const;
const TAG_SCAN_GOAL = 50;

type TImportFigures = {
  dbRowsPerSecond: { copy: number[]; ours: number[] };
  tagFilesPerSecond: number[];
  details: Record<string, unknown>;
};

const apiSrc = () => path.join(path.dirname(path.dirname(apiEntry())), 'src');
const load = (relative: string) => import(pathToFileURL(path.join(apiSrc(), relative)).href);

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A library of short WAV files with RIFF INFO tags: 20 artists, 10 tracks an album, 6 genres. */
async function writeLibrary(folder: string, count: number) {
  const { writeWav } = (await load('modules/import/wav-writer.ts')) as {
    writeWav: (options: { seconds: number; frequency?: number; info?: Record<string, Buffer> }) => Buffer;
  };
  const random = seededRandom(77);
  const word = () => capital(WORDS[Math.floor(random() * WORDS.length)] as string);
  const artists = Array.from({ length: 20 }, () => `${word()} ${word()}`);
  const albums = Array.from({ length: Math.ceil(count / 10) }, (_, index) => `${word()} ${index}`);
  const genres = ['Rock', 'Jazz', 'Ambient', 'Pop', 'Folk', 'Soul'];
  for (let i = 0; i < count; i++) {
    const album = Math.floor(i / 10);
    const artist = artists[album % artists.length] as string;
    const dir = path.join(folder, artist, `Album ${album}`);
    await mkdir(dir, { recursive: true });
    const info = {
      INAM: Buffer.from(`${word()} ${word()} ${i}`, 'latin1'),
      IART: Buffer.from(artist, 'latin1'),
      IPRD: Buffer.from(albums[album] as string, 'latin1'),
      IGNR: Buffer.from(genres[album % genres.length] as string, 'latin1'),
      ITRK: Buffer.from(String((i % 10) + 1), 'latin1'),
    };
    await writeFile(
      path.join(dir, `${String((i % 10) + 1).padStart(2, '0')}.wav`),
      writeWav({ seconds: 0.25, frequency: 200 + (i % 500), info }),
    );
  }
}

async function measure(context: TContext): Promise<TImportFigures> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-bench-import-'));
  // The server process writes and reads the COPY files and runs as another user.
  await chmod(dir, 0o755);
  const copyDir = path.join(dir, 'copy');
  await mkdir(copyDir);
  await chmod(copyDir, 0o777);
  const database = await createBenchDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  try {
    const first = await startServer(
      {
        ...apiTarget(path.join(dir, 'api'), database.url).spec(await findSparePort()),
        label: 'api (migrate)',
      },
      context.pinning,
      120_000,
    );
    await first.stop();
    const count = context.mode.name === 'smoke' ? FILES.smoke : FILES.full;
    const library = path.join(dir, 'library');
    await writeLibrary(library, count);

    const [{ createImportService }, { readAudioMetadata }, { createStorage }, { loadEnv }] =
      await Promise.all([
        load('modules/import/import.service.ts'),
        load('modules/import/metadata-reader.ts'),
        load('platform/storage/get-storage.ts'),
        load('env.ts'),
      ]);
    const { Kysely, PostgresDialect } = await import(
      pathToFileURL(createRequire(path.join(apiSrc(), 'index.ts')).resolve('kysely')).href
    );
    let dbMs = 0;
    let statements = 0;
    const db = new Kysely({
      dialect: new PostgresDialect({ pool }),
      log: (event: { queryDurationMillis: number }) => {
        dbMs += event.queryDurationMillis;
        statements += 1;
      },
    });
    const dataDir = path.join(dir, 'data');
    const storage = createStorage(loadEnv({ DATA_DIR: dataDir }, dir));
    const importer = createImportService({
      db,
      audioDisk: storage.get('uploads'),
      imageDisk: storage.get('public'),
      audioSrcPrefix: 'uploads/',
    });
    const reset = async () => {
      await pool.query(truncateCascadeSql(TABLES));
      await rm(dataDir, { recursive: true, force: true });
    };

    const figures: TImportFigures = {
      dbRowsPerSecond: { copy: [], ours: [] },
      tagFilesPerSecond: [],
      details: {},
    };
    const pairs = context.mode.rounds * 2;
    let rows = 0;
    let lastSummary: unknown;
    for (let pair = 0; pair < pairs; pair++) {
      context.log(`import: pair ${pair + 1}/${pairs} (${count} files)`);
      // Ceiling first: COPY of the rows the previous import wrote (the first pair imports once to get them).
      if (pair === 0) {
        await reset();
        await importer.importFolder(library);
      }
      rows = 0;
      for (const table of TABLES) {
        await pool.query(`copy ${table} to '${path.join(copyDir, `${table}.copy`)}'`);
        rows += Number((await pool.query(`select count(*)::int as n from ${table}`)).rows[0].n);
      }
      await reset();
      const client = await pool.connect();
      let copyMs = 0;
      try {
        for (const table of TABLES) {
          const started = performance.now();
          await client.query(`copy ${table} from '${path.join(copyDir, `${table}.copy`)}'`);
          copyMs += performance.now() - started;
        }
      } finally {
        client.release();
      }
      figures.dbRowsPerSecond.copy.push(rows / (copyMs / 1000));
      await reset();
      dbMs = 0;
      statements = 0;
      const summary = await importer.importFolder(library);
      lastSummary = summary;
      if (summary.created !== count) throw new Error(`import created ${summary.created} of ${count} tracks`);
      figures.dbRowsPerSecond.ours.push(rows / (dbMs / 1000));

      const files: string[] = [];
      const { listAudioFiles } = await load('modules/import/import.service.ts');
      files.push(...(await listAudioFiles(library)));
      const started = performance.now();
      for (const file of files) await readAudioMetadata(file);
      figures.tagFilesPerSecond.push(files.length / ((performance.now() - started) / 1000));
    }
    await db.destroy().catch(() => {});
    figures.details = {
      files: count,
      rowsWritten: rows,
      statementsPerImport: statements,
      tables: TABLES,
      importSummary: lastSummary,
      method:
        'ours = rows / the summed durations of every statement the import path sent (Kysely log; hashing, tag reading and file copies excluded); ceiling = the same rows / server-side COPY FROM of each table',
    };
    return figures;
  } finally {
    await pool.end().catch(() => {});
    await rm(dir, { recursive: true, force: true });
    await database.drop();
  }
}

let figures: Promise<TImportFigures> | undefined;
function importFigures(context: TContext): Promise<TImportFigures> {
  figures ??= measure(context);
  return figures;
}

export const importDbWrites: TBenchmark = {
  name: 'import-db-writes',
  expectedSeconds: { full: 120, smoke: 30 },
  group: 'import',
  unit: 'rows/s',
  direction: 'ours-over-ceiling',
  goalRatio: 0.25,
  goalWords: "the import path's database writes >= 0.25x COPY of the same rows",
  async run(context) {
    const all = await importFigures(context);
    const samples: TPairedSample[] = all.dbRowsPerSecond.ours.map((ours, index) => ({
      ceiling: all.dbRowsPerSecond.copy[index] as number,
      ours,
    }));
    return { samples, details: all.details };
  },
};

/** An absolute goal: the ceiling is the 50 files/s budget. */
export const importTagScan: TBenchmark = {
  name: 'import-tag-scan',
  expectedSeconds: { full: 120, smoke: 30 },
  group: 'import',
  unit: 'files/s',
  direction: 'ours-over-ceiling',
  goalRatio: 1,
  goalWords: `tag scanning >= ${TAG_SCAN_GOAL} files/s on generated WAV files (ceiling = the budget)`,
  async run(context) {
    const all = await importFigures(context);
    return {
      samples: all.tagFilesPerSecond.map((ours) => ({ ceiling: TAG_SCAN_GOAL, ours })),
      details: { medianFilesPerSecond: median(all.tagFilesPerSecond) },
    };
  },
};

export const importBenchmarks: TBenchmark[] = [importDbWrites, importTagScan];
