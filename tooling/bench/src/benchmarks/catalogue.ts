import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { track } from '../harness/children';
import { LOOPBACK } from '../harness/ports';
import { truncateCascadeSql } from '../harness/truncate-catalogue';
import { catalogueSourceHash, staleTemplates, TEMPLATE_PREFIX, templateName } from './catalogue-template';

/**
 * A large catalogue in real PostgreSQL, loaded with COPY (issue 4: 1M tracks, 100k albums, 20k
 * artists). Names are 1-3 words from a fixed vocabulary (seeded, so every run builds the same
 * data) and plays follow a long tail, which is what search ranking and "popular" lists meet.
 */
export type TCatalogueSize = { artists: number; albums: number; tracks: number };

/** Ten genres; every track has one (`1 + id % 10`), every album one (`1 + id * 7 % 10`). */
export const CATALOGUE_GENRES = [
  'rock',
  'pop',
  'jazz',
  'electronic',
  'hip hop',
  'folk',
  'classical',
  'soul',
  'metal',
  'ambient',
] as const;
const trackGenreOf = (id: number) => 1 + (id % CATALOGUE_GENRES.length);
export const FULL_CATALOGUE: TCatalogueSize = { artists: 20_000, albums: 100_000, tracks: 1_000_000 };
export const SMOKE_CATALOGUE: TCatalogueSize = { artists: 40, albums: 200, tracks: 2_000 };

const run = promisify(execFile);
const PSQL_ARGS = ['-h', LOOPBACK, '-p', '5432', '-U', 'postgres', '-v', 'ON_ERROR_STOP=1', '-q'];

export const WORDS = (
  'midnight summer love river shadow golden electric velvet neon ocean silver broken wild dream fire ' +
  'city night heart blue echo paper glass thunder morning honey stone desert rain winter garden ' +
  'moon sun star light dark sweet lonely crystal ghost highway radio dancing falling rising secret ' +
  'tender savage gentle northern southern empire kingdom island mountain valley forest storm ' +
  'whisper silence harmony rhythm melody fever cherry lemon orange violet scarlet amber jade ' +
  'beatles rolling wonder queen prince dragon tiger wolf raven phoenix angel devil saint sinner'
).split(' ');

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function nameOf(random: () => number, maxWords: number): string {
  const count = 1 + Math.floor(random() * maxWords);
  const words: string[] = [];
  for (let i = 0; i < count; i++) words.push(capital(WORDS[Math.floor(random() * WORDS.length)] as string));
  return words.join(' ');
}

/** Long tail: most rows have few plays, a few have millions. */
const playsOf = (random: () => number) => Math.floor(1 / (random() + 1e-6) ** 1.2);

function copy(
  url: string,
  table: string,
  columns: string[],
  rows: (write: (line: string) => boolean) => Promise<void>,
) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(
      'psql',
      [...PSQL_ARGS, url, '-c', `copy ${table} (${columns.join(', ')}) from stdin`],
      {
        stdio: ['pipe', 'ignore', 'pipe'],
      },
    );
    track(child);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`copy ${table}: ${stderr.trim()}`)),
    );
    const write = (line: string) => child.stdin.write(`${line}\n`);
    rows(write)
      .then(() => child.stdin.end())
      .catch(reject);
  });
}

/** Waits for a full pipe buffer to drain so a million rows do not pile up in memory. */
async function paced(
  total: number,
  emit: (index: number, write: (line: string) => boolean) => boolean,
  write: (line: string) => boolean,
) {
  for (let i = 1; i <= total; i++) {
    if (!emit(i, write)) await new Promise((resolve) => setImmediate(resolve));
  }
}

export async function psql(url: string, statement: string): Promise<string> {
  const pending = run('psql', [...PSQL_ARGS, '-At', url, '-c', statement], {
    maxBuffer: 16 * 1024 * 1024,
  });
  // Tracked so that a benchmark stopped for overrunning its budget takes its statement with it.
  track(pending.child);
  const { stdout } = await pending;
  return stdout.trim();
}

/** Fills a migrated, empty catalogue with COPY, then analyses it. Returns the load time in ms. */
export async function generateCatalogue(url: string, size: TCatalogueSize, log: (message: string) => void) {
  const started = performance.now();
  const random = seededRandom(4242);
  // The api's first start may have seeded a demo catalogue: the generated one replaces it.
  await psql(url, truncateCascadeSql(['artists', 'albums', 'tracks', 'album_artist', 'artist_track']));
  await psql(url, 'truncate genres restart identity cascade');
  await psql(
    url,
    `insert into genres (name, display_name) values ${CATALOGUE_GENRES.map((name) => `('${name}', '${name}')`).join(', ')}`,
  );
  await copy(url, 'artists', ['id', 'name', 'slug', 'plays'], (write) =>
    paced(size.artists, (id, w) => w(`${id}\t${nameOf(random, 2)}\tartist-${id}\t${playsOf(random)}`), write),
  );
  await copy(url, 'albums', ['id', 'name', 'slug', 'plays', 'release_date'], (write) =>
    paced(
      size.albums,
      (id, w) => {
        const day = new Date(Date.UTC(1960, 0, 1) + Math.floor(random() * 23_000) * 86_400_000);
        return w(
          `${id}\t${nameOf(random, 3)}\talbum-${id}\t${playsOf(random)}\t${day.toISOString().slice(0, 10)}`,
        );
      },
      write,
    ),
  );
  await copy(url, 'album_artist', ['album_id', 'artist_id', 'position'], (write) =>
    paced(size.albums, (id, w) => w(`${id}\t${1 + (id % size.artists)}\t0`), write),
  );
  const tracksPerAlbum = Math.max(1, Math.floor(size.tracks / size.albums));
  await copy(
    url,
    'tracks',
    // `genre_ids` is what the genre links below give the track (a trigger keeps it from them): loaded
    // with the row, the links' trigger finds every track already right and rewrites none.
    ['id', 'name', 'slug', 'number', 'duration', 'album_id', 'plays', 'visibility', 'genre_ids'],
    (write) =>
      paced(
        size.tracks,
        (id, w) => {
          const album = 1 + (Math.floor((id - 1) / tracksPerAlbum) % size.albums);
          const number = 1 + ((id - 1) % tracksPerAlbum);
          const duration = 90_000 + Math.floor(random() * 240_000);
          return w(
            `${id}\t${nameOf(random, 3)}\ttrack-${id}\t${number}\t${duration}\t${album}\t${playsOf(random)}\tpublic\t{${trackGenreOf(id)}}`,
          );
        },
        write,
      ),
  );
  await copy(url, 'artist_track', ['artist_id', 'track_id', 'position', '"primary"'], (write) =>
    paced(
      size.tracks,
      (id, w) => {
        const album = 1 + (Math.floor((id - 1) / tracksPerAlbum) % size.albums);
        return w(`${1 + (album % size.artists)}\t${id}\t0\tt`);
      },
      write,
    ),
  );
  await psql(
    url,
    `insert into genreables (genre_id, genreable_type, genreable_id)
     select 1 + id % ${CATALOGUE_GENRES.length}, 'track', id from tracks
     union all select 1 + (id * 7) % ${CATALOGUE_GENRES.length}, 'album', id from albums`,
  );
  for (const table of ['artists', 'albums', 'tracks'])
    await psql(
      url,
      `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
    );
  // VACUUM sets the visibility map, as autovacuum would on a live server: index-only scans need it.
  await psql(url, 'vacuum analyze');
  const ms = performance.now() - started;
  log(
    `catalogue: ${size.tracks} tracks, ${size.albums} albums, ${size.artists} artists loaded in ${Math.round(ms)} ms`,
  );
  return ms;
}

/**
 * Leaves PostgreSQL nothing of its own to do on `url` before a benchmark measures on it: the copy
 * of a 1M catalogue and the rows a benchmark adds (genres, plays, likes) otherwise set autovacuum,
 * ANALYZE and the checkpointer going during the measured minutes (~0.85 of a core in the quiet
 * smart-playlists runs of 2026-11-30, read as other work and flagged busy). VACUUM (ANALYZE) does
 * now what autovacuum would (and sets the visibility map), CHECKPOINT writes the dirty pages out,
 * and an autovacuum worker already on this database is waited for (at most `maxWaitMs`).
 */
export async function settleDatabase(url: string, log: (message: string) => void, maxWaitMs = 120_000) {
  const started = performance.now();
  await psql(url, 'vacuum (analyze)');
  await psql(url, 'checkpoint');
  const workers = `select count(*) from pg_stat_activity
    where backend_type = 'autovacuum worker' and datname = current_database()`;
  while ((await psql(url, workers)) !== '0' && performance.now() - started < maxWaitMs)
    await new Promise((resolve) => setTimeout(resolve, 500));
  const ms = Math.round(performance.now() - started);
  log(`database settled (vacuum, analyze, checkpoint) in ${ms} ms`);
  return ms;
}

const SERVER_ARGS = ['-h', LOOPBACK, '-p', '5432', '-U', 'postgres'];
const urlOf = (name: string) => `postgres://postgres@${LOOPBACK}:5432/${name}`;
const MAINTENANCE_URL = urlOf('postgres');

async function dropDatabase(name: string): Promise<void> {
  await run('dropdb', [...SERVER_ARGS, '--if-exists', '--force', name]);
}

/** A fresh database, empty or (with `template`) a copy of one: FILE_COPY copies files, not WAL. */
export async function createBenchDatabase(
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cadence_bench_${randomBytes(4).toString('hex')}`;
  if (template === undefined) await run('createdb', [...SERVER_ARGS, name]);
  else await psql(MAINTENANCE_URL, `create database ${name} template ${template} strategy file_copy`);
  return { url: urlOf(name), drop: () => dropDatabase(name) };
}

async function databaseNames(prefix: string): Promise<string[]> {
  const rows = await psql(MAINTENANCE_URL, `select datname from pg_database where datname like '${prefix}%'`);
  return rows === '' ? [] : rows.split('\n');
}

async function dropTemplate(name: string): Promise<void> {
  await psql(MAINTENANCE_URL, `alter database ${name} with is_template false allow_connections true`);
  await dropDatabase(name);
}

/**
 * The template of this size and these sources, built when missing: a database migrated by the
 * api's start, loaded by `generateCatalogue`, then renamed into place and closed to connections
 * (a copy needs a template nobody is connected to). Two runs building at once both finish; the
 * second rename fails and that run uses the first one's template.
 */
async function catalogueTemplate(
  size: TCatalogueSize,
  migrate: (url: string) => Promise<void>,
  log: (message: string) => void,
): Promise<{ name: string; buildMs: number }> {
  const name = templateName(size.tracks, await catalogueSourceHash());
  const existing = await databaseNames(TEMPLATE_PREFIX);
  for (const stale of staleTemplates(existing, name, size.tracks)) {
    log(`catalogue: dropping the stale template ${stale}`);
    await dropTemplate(stale);
  }
  if (existing.includes(name)) return { name, buildMs: 0 };

  log(`catalogue: building the template ${name} (once for these sources; later runs copy it)`);
  const building = `${name}_building_${randomBytes(3).toString('hex')}`;
  await run('createdb', [...SERVER_ARGS, building]);
  try {
    const started = performance.now();
    await migrate(urlOf(building));
    await generateCatalogue(urlOf(building), size, log);
    const buildMs = performance.now() - started;
    try {
      await psql(MAINTENANCE_URL, `alter database ${building} rename to ${name}`);
    } catch (error) {
      if (!(await databaseNames(name)).includes(name)) throw error;
      log(`catalogue: another run built ${name} meanwhile; using it`);
      await dropDatabase(building);
      return { name, buildMs };
    }
    await psql(MAINTENANCE_URL, `alter database ${name} with is_template true allow_connections false`);
    return { name, buildMs };
  } catch (error) {
    await dropDatabase(building);
    throw error;
  }
}

/**
 * A migrated database holding the catalogue. By default a copy of the template of this size
 * (built on first use, see catalogue-template.ts), dropped at the end. `CADENCE_BENCH_CATALOGUE_URL`
 * names a database to keep instead: it is migrated by the api's start as usual, loaded only when
 * it holds none of the generated tracks yet, and never dropped.
 */
export async function catalogueDatabase(
  size: TCatalogueSize,
  migrate: (url: string) => Promise<void>,
  log: (message: string) => void,
): Promise<{
  url: string;
  loadMs: number;
  copyMs: number;
  isReused: boolean;
  template?: string;
  drop: () => Promise<void>;
}> {
  const kept = process.env.CADENCE_BENCH_CATALOGUE_URL;
  if (kept) {
    await migrate(kept);
    const tracks = Number(await psql(kept, `select count(*) from tracks where slug = 'track-' || id`));
    if (tracks === size.tracks) {
      log(`catalogue: reusing ${tracks} tracks in CADENCE_BENCH_CATALOGUE_URL`);
      await psql(kept, 'vacuum analyze');
      return { url: kept, loadMs: 0, copyMs: 0, isReused: true, drop: async () => {} };
    }
    if (tracks !== 0)
      throw new Error(`CADENCE_BENCH_CATALOGUE_URL holds ${tracks} tracks, not 0 or ${size.tracks}`);
    const loadMs = await generateCatalogue(kept, size, log);
    return { url: kept, loadMs, copyMs: 0, isReused: false, drop: async () => {} };
  }
  const template = await catalogueTemplate(size, migrate, log);
  const started = performance.now();
  const database = await createBenchDatabase(template.name);
  try {
    const copyMs = performance.now() - started;
    log(`catalogue: copied ${template.name} in ${Math.round(copyMs)} ms`);
    // The copy is migrated already; this start readies the run's DATA_DIR (app key, storage) for it.
    await migrate(database.url);
    return {
      url: database.url,
      loadMs: template.buildMs,
      copyMs,
      isReused: template.buildMs === 0,
      template: template.name,
      drop: database.drop,
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
