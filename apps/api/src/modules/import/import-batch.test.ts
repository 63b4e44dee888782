import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../platform/storage/get-storage';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createImportService } from './import.service';
import { writeWav } from './wav-writer';

let t: TestApp;
let root: string;
let statements = 0;

const latin1 = (text: string) => Buffer.from(text, 'latin1');

function importerOf(app: TestApp) {
  const storage = createStorage(app.env);
  const db = app.deps.db.withPlugin({
    transformQuery: (args) => {
      statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return createImportService({
    db,
    audioDisk: storage.get('uploads'),
    imageDisk: storage.get('public'),
    audioSrcPrefix: 'uploads/',
  });
}

async function writeTracks(folder: string, count: number, title: (index: number) => string) {
  await mkdir(folder, { recursive: true });
  for (let index = 0; index < count; index++)
    await writeFile(
      path.join(folder, `${String(index).padStart(3, '0')}.wav`),
      writeWav({
        seconds: 0.05,
        frequency: 200 + index,
        info: {
          INAM: latin1(title(index)),
          IART: latin1(`Batch Artist ${(index % 7) % 3}`),
          IPRD: latin1(`Batch Album ${index % 7}`),
          IGNR: latin1(index % 2 ? 'Jazz' : 'Folk'),
        },
      }),
    );
}

const countOf = async (table: 'tracks' | 'artists' | 'albums' | 'import_files') =>
  Number(
    (
      await t.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  root = await mkdtemp(path.join(os.tmpdir(), 'cadence-import-batch-'));
  // Only the database can refuse a row, so the trigger stands in for any write one file breaks.
  await sql`
    create function refuse_track() returns trigger language plpgsql as $$
    begin
      if new.name = 'Refused' then raise exception 'track refused by the database'; end if;
      return new;
    end $$`.execute(t.deps.db);
  await sql`create trigger refuse_track before insert on tracks for each row execute function refuse_track()`.execute(
    t.deps.db,
  );
});
afterAll(async () => {
  await t?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('import batches', () => {
  it('writes 130 files in a few dozen statements, with the same rows a file at a time would give', async () => {
    const folder = path.join(root, 'many');
    await writeTracks(folder, 130, (index) => `Many ${index}`);
    statements = 0;
    const progress: number[] = [];
    const summary = await importerOf(t).importFolder(folder, (p) => progress.push(p.index));
    expect(summary).toMatchObject({
      scanned: 130,
      created: 130,
      failed: [],
      artistsCreated: 3,
      albumsCreated: 7,
    });
    expect(progress).toEqual(Array.from({ length: 130 }, (_, index) => index + 1));
    // Two batches; one statement per row would be well over a thousand.
    expect(statements).toBeLessThan(40);
    expect(await countOf('tracks')).toBe(130);
    const jazz = await t.deps.db
      .selectFrom('genreables')
      .innerJoin('genres', 'genres.id', 'genreables.genre_id')
      .select('genreables.genreable_type')
      .where('genres.name', '=', 'jazz')
      .execute();
    // 65 tracks, the 7 albums and the 3 artists the odd-numbered files reach.
    expect(jazz).toHaveLength(65 + 7 + 3);
    const artistRows = await t.deps.db.selectFrom('artist_track').select('track_id').execute();
    expect(artistRows).toHaveLength(130);

    statements = 0;
    const again = await importerOf(t).importFolder(folder);
    expect(again).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 130,
      artistsCreated: 0,
      albumsCreated: 0,
    });
    // Nothing changed: one ledger lookup per batch and nothing else.
    expect(statements).toBe(2);
  });

  it('does not duplicate copies of a file inside one batch', async () => {
    const folder = path.join(root, 'copies');
    await writeTracks(folder, 2, (index) => `Copy ${index}`);
    await copyFile(path.join(folder, '000.wav'), path.join(folder, '000 copy.wav'));
    const before = await countOf('tracks');
    const summary = await importerOf(t).importFolder(folder);
    expect(summary).toMatchObject({ scanned: 3, created: 2, unchanged: 1 });
    expect(await countOf('tracks')).toBe(before + 2);
    const ledger = await t.deps.db
      .selectFrom('import_files')
      .select('track_id')
      .where('source_path', 'in', [path.join(folder, '000.wav'), path.join(folder, '000 copy.wav')])
      .execute();
    expect(ledger).toHaveLength(2);
    expect(Number(ledger[0]?.track_id)).toBe(Number(ledger[1]?.track_id));
  });

  it('a file the database refuses fails alone: the rest of its batch still lands', async () => {
    const folder = path.join(root, 'refused');
    await writeTracks(folder, 5, (index) => (index === 2 ? 'Refused' : `Kept ${index}`));
    const before = await countOf('tracks');
    const outcomes: string[] = [];
    const summary = await importerOf(t).importFolder(folder, (p) => outcomes.push(`${p.file} ${p.outcome}`));
    expect(summary.created).toBe(4);
    expect(summary.failed).toEqual([{ file: '002.wav', reason: expect.stringContaining('track refused') }]);
    expect(outcomes).toEqual([
      '000.wav created',
      '001.wav created',
      '002.wav failed',
      '003.wav created',
      '004.wav created',
    ]);
    expect(await countOf('tracks')).toBe(before + 4);
    const refused = await t.deps.db
      .selectFrom('import_files')
      .select('id')
      .where('source_path', '=', path.join(folder, '002.wav'))
      .execute();
    expect(refused).toHaveLength(0);
  });
});
