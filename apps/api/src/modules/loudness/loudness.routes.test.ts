import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actor, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';

const FFMPEG = '/usr/bin/ffmpeg';

/** A 4 s sine turned by `volumeDb`: its loudness follows the volume exactly (R128 is linear in level). */
function makeSine(file: string, volumeDb: number) {
  execFileSync(FFMPEG, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=997:duration=4:sample_rate=44100',
    '-af',
    `volume=${volumeDb}dB`,
    '-c:a',
    'flac',
    file,
  ]);
}

describe('loudness measurement and the admin backfill', { timeout: 90_000 }, () => {
  let t: TestApp;
  let loudId: number;
  let quietId: number;
  let albumId: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { FFMPEG_PATH: FFMPEG } });
    const music = path.join(t.deps.env.DATA_DIR, 'storage', 'music');
    await mkdir(music, { recursive: true });
    makeSine(path.join(music, 'loud.flac'), -3);
    makeSine(path.join(music, 'quiet.flac'), -13);
    const artistId = await insertArtist(t, 'Loudness Artist');
    const album = await t.deps.db
      .insertInto('albums')
      .values({ name: 'Levels', slug: 'levels' })
      .returning('id')
      .executeTakeFirstOrThrow();
    albumId = album.id;
    loudId = await insertTrack(t, {
      name: 'Loud',
      artistId,
      albumId,
      src: 'music/loud.flac',
      duration: 4000,
    });
    quietId = await insertTrack(t, {
      name: 'Quiet',
      artistId,
      albumId,
      src: 'music/quiet.flac',
      duration: 4000,
    });
  }, 180_000);
  afterAll(async () => t?.close());

  it('refuses the backfill to a listener, and measures every track with ReplayGain 2.0 gains for the admin', async () => {
    const listener = await actor(t, []);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/loudness/backfill',
      headers: listener.headers,
    });
    expect(refused.statusCode).toBe(403);

    const admin = await actor(t, ['settings.update']);
    const before = await t.app.inject({ url: '/api/v1/admin/loudness', headers: admin.headers });
    expect(before.json()).toMatchObject({ measured: 0, available: true });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/loudness/backfill',
      headers: admin.headers,
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().queued).toBe(before.json().total);
    await t.app.jobs.drain();
    const after = await t.app.inject({ url: '/api/v1/admin/loudness', headers: admin.headers });
    expect(after.json().measured).toBe(after.json().total);

    const loud = (await t.app.inject({ url: `/api/v1/tracks/${loudId}` })).json().track;
    const quiet = (await t.app.inject({ url: `/api/v1/tracks/${quietId}` })).json().track;
    // 10 dB apart in level, 10 LU apart in loudness: the gains differ by 10 dB.
    expect(quiet.replay_gain.track_gain - loud.replay_gain.track_gain).toBeCloseTo(10, 0);
    // lavfi's sine has an amplitude of 1/8; 3 dB down it peaks at 0.0885 of full scale.
    expect(loud.replay_gain.track_peak).toBeCloseTo(0.0885, 2);
    // One album gain for both, nearer the loud one (energy mean), the album peak the loud one's.
    expect(loud.replay_gain.album_gain).toBe(quiet.replay_gain.album_gain);
    expect(loud.replay_gain.album_gain).toBeLessThan(loud.replay_gain.track_gain + 3);
    expect(loud.replay_gain.album_peak).toBe(loud.replay_gain.track_peak);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/loudness/backfill',
      headers: admin.headers,
    });
    expect(again.json().queued).toBe(0);
  });
});
