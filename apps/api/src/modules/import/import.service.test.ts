import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../platform/storage/get-storage';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createImportService } from './import.service';
import { writeWav } from './wav-writer';

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let t: TestApp;
let folder: string;
let importer: ReturnType<typeof createImportService>;

const latin1 = (text: string) => Buffer.from(text, 'latin1');

function ffmpeg(out: string, extra: string[]) {
  execFileSync(
    'ffmpeg',
    ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=1', ...extra, out],
    { stdio: 'ignore' },
  );
}

beforeAll(async () => {
  t = await createTestApp();
  folder = await mkdtemp(path.join(os.tmpdir(), 'cadence-import-'));
  await mkdir(path.join(folder, 'Album A'));
  await writeFile(
    path.join(folder, 'Album A', '01 - First.wav'),
    writeWav({
      seconds: 1,
      info: {
        INAM: latin1('First'),
        IART: latin1('Wave Maker'),
        IPRD: latin1('Album A'),
        IGNR: latin1('Ambient'),
      },
    }),
  );
  await writeFile(
    path.join(folder, 'Album A', '02 - Second.wav'),
    writeWav({
      seconds: 2,
      frequency: 550,
      info: { INAM: latin1('Second'), IART: latin1('wave maker'), IPRD: latin1('Album A') },
    }),
  );
  // Non-UTF-8 tag bytes (latin1 "Café Müller") must not break the import.
  await writeFile(
    path.join(folder, 'latin1.wav'),
    writeWav({ seconds: 1, info: { INAM: latin1('Café Müller'), IART: latin1('Böse') } }),
  );
  await writeFile(path.join(folder, '07_no tags.wav'), writeWav({ seconds: 1, frequency: 660 }));
  await writeFile(path.join(folder, 'empty.mp3'), Buffer.alloc(0));
  await writeFile(path.join(folder, 'corrupt.flac'), Buffer.from('this is not audio at all '.repeat(40)));
  await writeFile(path.join(folder, 'notes.txt'), 'ignored');
  if (hasFfmpeg) {
    await mkdir(path.join(folder, 'tagged'));
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=32x32',
      '-frames:v',
      '1',
      path.join(folder, 'cover.png'),
    ]);
    const meta = (title: string) => [
      '-metadata',
      `title=${title}`,
      '-metadata',
      'artist=Tag Band',
      '-metadata',
      'album=Tagged',
      '-metadata',
      'genre=Rock',
    ];
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330:duration=1',
      '-i',
      path.join(folder, 'cover.png'),
      '-map',
      '0:a',
      '-map',
      '1:v',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      '-c:v',
      'png',
      '-id3v2_version',
      '3',
      '-metadata:s:v',
      'comment=Cover (front)',
      ...meta('Mp3 Song'),
      path.join(folder, 'tagged', 'song.mp3'),
    ]);
    ffmpeg(path.join(folder, 'tagged', 'song.flac'), [
      '-c:a',
      'flac',
      ...meta('Flac Song'),
      '-metadata',
      'LYRICS=[00:00.50]Hello there\n[00:01.20]General Kenobi',
    ]);
    ffmpeg(path.join(folder, 'tagged', 'song.ogg'), ['-c:a', 'libvorbis', ...meta('Ogg Song')]);
    ffmpeg(path.join(folder, 'tagged', 'song.opus'), ['-c:a', 'libopus', ...meta('Opus Song')]);
    ffmpeg(path.join(folder, 'tagged', 'song.m4a'), ['-c:a', 'aac', ...meta('M4a Song')]);
    await rm(path.join(folder, 'cover.png'));
  }
  const storage = createStorage(t.env);
  importer = createImportService({
    db: t.deps.db,
    audioDisk: storage.get('uploads'),
    imageDisk: storage.get('public'),
    audioSrcPrefix: 'uploads/',
  });
});
afterAll(async () => {
  await t?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const count = async (table: 'tracks' | 'artists' | 'albums' | 'genres' | 'lyrics') =>
  Number(
    (
      await t.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('pnpm cadence import', () => {
  it('imports every readable file, reports the broken ones, and keeps going', async () => {
    const progress: string[] = [];
    const summary = await importer.importFolder(folder, (p) =>
      progress.push(`${p.index}/${p.total} ${p.outcome}`),
    );
    const audioFiles = hasFfmpeg ? 11 : 6;
    expect(summary.scanned).toBe(audioFiles);
    expect(summary.failed.map((f) => f.file).sort()).toEqual(['corrupt.flac', 'empty.mp3']);
    expect(summary.created).toBe(audioFiles - 2);
    expect(progress).toHaveLength(audioFiles);

    const tracks = await t.deps.db.selectFrom('tracks').selectAll().orderBy('id').execute();
    const first = tracks.find((track) => track.name === 'First');
    expect(first).toMatchObject({ mime: 'audio/wav', duration: 1000 });
    expect(first?.src).toMatch(/^uploads\/imports\/[0-9a-f]{2}\/[0-9a-f]{64}\.wav$/);
    expect(existsSync(path.join(t.env.DATA_DIR, 'storage', first?.src ?? 'missing'))).toBe(true);
    expect(tracks.map((track) => track.name)).toContain('no tags');
    expect(tracks.map((track) => track.name)).toContain('Café Müller');
    // "Wave Maker" and "wave maker" are one artist; both tracks are on one album.
    const albumA = await t.deps.db.selectFrom('albums').select('id').where('name', '=', 'Album A').execute();
    expect(albumA).toHaveLength(1);
    expect(tracks.filter((track) => Number(track.album_id) === Number(albumA[0]?.id))).toHaveLength(2);
  });

  it.skipIf(!hasFfmpeg)(
    'reads tags, bitrate, cover art and synced lyrics from mp3, flac, ogg, opus and m4a',
    async () => {
      const tagged = await t.deps.db
        .selectFrom('tracks')
        .select(['id', 'name', 'mime', 'bitrate', 'duration', 'album_id'])
        .where('name', 'like', '% Song')
        .orderBy('name')
        .execute();
      expect(tagged.map((track) => track.name)).toEqual([
        'Flac Song',
        'M4a Song',
        'Mp3 Song',
        'Ogg Song',
        'Opus Song',
      ]);
      expect(new Set(tagged.map((track) => Number(track.album_id))).size).toBe(1);
      const mp3 = tagged.find((track) => track.name === 'Mp3 Song');
      expect(mp3?.mime).toBe('audio/mpeg');
      expect(mp3?.bitrate).toBeGreaterThan(100_000);
      const album = await t.deps.db
        .selectFrom('albums')
        .select('image')
        .where('name', '=', 'Tagged')
        .executeTakeFirstOrThrow();
      expect(album.image).toMatch(/imports\/covers\/[0-9a-f]{64}\.png/);
      const flac = tagged.find((track) => track.name === 'Flac Song');
      const lyrics = await t.deps.db
        .selectFrom('lyrics')
        .selectAll()
        .where('track_id', '=', Number(flac?.id))
        .executeTakeFirst();
      expect(lyrics).toMatchObject({ synced: true, text: '[00:00.50]Hello there\n[00:01.20]General Kenobi' });
      const rock = await t.deps.db
        .selectFrom('genres')
        .select(['id', 'name'])
        .where('name', '=', 'rock')
        .execute();
      expect(rock).toHaveLength(1);
      // The genre reaches the album and the artist too, which is what similar artists compare.
      const rockTypes = await t.deps.db
        .selectFrom('genreables')
        .select('genreable_type')
        .distinct()
        .where('genre_id', '=', Number(rock[0]?.id))
        .orderBy('genreable_type')
        .execute();
      expect(rockTypes.map((row) => row.genreable_type)).toEqual(['album', 'artist', 'track']);
    },
  );

  it('running twice creates nothing new; a changed file updates its track', async () => {
    const before = await Promise.all(
      (['tracks', 'artists', 'albums', 'genres', 'lyrics'] as const).map(count),
    );
    const again = await importer.importFolder(folder);
    expect(again).toMatchObject({ created: 0, updated: 0, artistsCreated: 0, albumsCreated: 0 });
    expect(again.unchanged).toBe(again.scanned - 2);
    expect(
      await Promise.all((['tracks', 'artists', 'albums', 'genres', 'lyrics'] as const).map(count)),
    ).toEqual(before);

    const file = path.join(folder, 'Album A', '02 - Second.wav');
    await writeFile(
      file,
      writeWav({
        seconds: 3,
        info: { INAM: latin1('Second (extended)'), IART: latin1('Wave Maker'), IPRD: latin1('Album A') },
      }),
    );
    const future = new Date(Date.now() + 60_000);
    await utimes(file, future, future);
    const changed = await importer.importFolder(folder);
    expect(changed).toMatchObject({ created: 0, updated: 1 });
    expect(await count('tracks')).toBe(before[0]);
    const track = await t.deps.db
      .selectFrom('tracks')
      .select(['name', 'duration'])
      .where('name', '=', 'Second (extended)')
      .executeTakeFirst();
    expect(track?.duration).toBe(3000);
  });
});
