import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../platform/db/schema';
import type { JobQueue } from '../../platform/jobs/jobs';
import type { Storage } from '../../platform/storage/get-storage';
import { resolveAudioSource } from '../streaming/audio-source';
import {
  albumTrackLoudness,
  findTrackForLoudness,
  saveAlbumGain,
  saveTrackLoudness,
  unmeasuredTrackIds,
} from './loudness.repository';
import { measureLoudness } from './measure-loudness';
import { albumLoudness, gainOf } from './replay-gain';

export const LOUDNESS_JOB = 'loudness.measure';
export const LOUDNESS_BACKFILL_JOB = 'loudness.backfill';

const ZMeasureJobSchema = z.object({ trackId: z.number().int().positive() });

/** The track a queued measurement names (a job's payload is checked like any input). */
export function measuredTrackOf(payload: unknown): number {
  return ZMeasureJobSchema.parse(payload).trackId;
}
/** One lane: each measurement decodes a whole track, side by side they would take every core. */
const LANE = 'loudness';
const BACKFILL_BATCH = 500;

type Deps = {
  db: Kysely<Database>;
  dataDir: string;
  storage: Storage;
  jobs: JobQueue | null;
  ffmpeg: string | null;
};

/**
 * Loudness levelling's data (issue 36): each track's EBU R128 loudness and true peak, its
 * ReplayGain 2.0 gain, and its album's gain, recomputed from the album's measured tracks each
 * time one of them is measured. Runs as jobs: one per uploaded track, and a backfill that queues
 * every track never measured (imports, the demo catalogue, the catalogue before this existed).
 */
export function createLoudnessService(deps: Deps) {
  const { db, jobs } = deps;

  async function measureTrack(trackId: number): Promise<void> {
    if (!deps.ffmpeg) return;
    const track = await findTrackForLoudness(db, trackId);
    if (!track) return;
    const source = await resolveAudioSource({ dataDir: deps.dataDir, db, storage: deps.storage }, track);
    // A driver without local files or URLs would need a copy first: measured once a URL exists.
    if (!source || source.kind === 'stored') return;
    const input = source.kind === 'file' ? source.path : source.url;
    let measured: Awaited<ReturnType<typeof measureLoudness>> = null;
    try {
      measured = await measureLoudness(deps.ffmpeg, input);
    } catch {
      // Unreadable audio is marked measured (no gain), so the backfill does not retry it forever.
    }
    await saveTrackLoudness(db, trackId, {
      lufs: measured?.lufs ?? null,
      gain: measured ? gainOf(measured.lufs) : null,
      peak: measured?.peak ?? null,
    });
    if (track.album_id) await updateAlbum(track.album_id);
  }

  async function updateAlbum(albumId: number): Promise<void> {
    const rows = await albumTrackLoudness(db, albumId);
    const album = albumLoudness(
      rows.map((row) => ({
        lufs: Number(row.loudness_lufs),
        peak: Number(row.track_peak ?? 0),
        durationMs: row.duration,
      })),
    );
    await saveAlbumGain(db, albumId, album ? gainOf(album.lufs) : null, album?.peak ?? null);
  }

  return {
    measureTrack,
    /** Queues the measurement of one track (after an upload). */
    enqueue: (trackId: number) => enqueueLoudness(jobs, trackId),
    /** Measures every track never measured, here and now, in id order (the import command). */
    async measureAll(onProgress?: (done: number) => void): Promise<number> {
      let afterId = 0;
      let done = 0;
      for (;;) {
        const ids = await unmeasuredTrackIds(db, afterId, BACKFILL_BATCH);
        if (ids.length === 0 || !deps.ffmpeg) return done;
        for (const id of ids) {
          await measureTrack(id);
          onProgress?.(++done);
        }
        afterId = ids[ids.length - 1] as number;
      }
    },
    /** Queues every track never measured, in id order; answers how many. */
    async backfill(): Promise<number> {
      let afterId = 0;
      let queued = 0;
      for (;;) {
        const ids = await unmeasuredTrackIds(db, afterId, BACKFILL_BATCH);
        if (ids.length === 0) return queued;
        for (const id of ids) await enqueueLoudness(jobs, id);
        queued += ids.length;
        afterId = ids[ids.length - 1] as number;
      }
    },
  };
}

/** Queues one track's measurement (the upload flow calls this beside its waveform job). */
export async function enqueueLoudness(jobs: JobQueue | null, trackId: number): Promise<void> {
  await jobs?.enqueue(LOUDNESS_JOB, { trackId }, { jobId: `loudness-${trackId}`, lane: LANE });
}

export type LoudnessService = ReturnType<typeof createLoudnessService>;
