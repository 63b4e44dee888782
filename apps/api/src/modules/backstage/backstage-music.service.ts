import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { TPublishResponse, ZPublishSchema } from '@cadence/contracts/backstage';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/actor';
import type { AuthUser } from '../../platform/auth/auth-user';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import type { JobQueue } from '../../platform/jobs/jobs';
import type { Storage } from '../../platform/storage/get-storage';
import { findAlbum, insertAlbum, replaceAlbumTracks, trackPlacements } from '../albums/albums.repository';
import { assertCanCreditArtists } from '../artists/artist-credits';
import { replaceAlbumArtists, replaceTrackArtists } from '../catalogue/artist-credits.repository';
import { assertCanManageCredited, type WorkspaceDirectory } from '../catalogue/catalogue-access';
import { catalogueChanged, changingCatalogue } from '../catalogue/catalogue-invalidation';
import { syncGenresAndTags } from '../catalogue/catalogue-links';
import { slugify } from '../catalogue/catalogue-utils';
import { findTrack } from '../catalogue/track-rows.repository';
import * as fileEntriesRepository from '../file-entries/file-entries.repository';
import type { FileEntriesService } from '../file-entries/file-entries.service';
import type { FileEntryRow } from '../file-entries/file-entries.tables';
import { enqueueLoudness } from '../loudness/loudness.service';
import * as lyricsRepository from '../lyrics/lyrics.repository';
import { insertTrack, tracksOfFiles, updateTrack } from '../tracks/tracks.repository';
import { decodeWaveform } from './audio-waveform';
import { createBackstageOverview } from './backstage-overview';
import * as uploadDrafts from './upload-drafts.repository';
import type { TUploadDraftData } from './upload-drafts.tables';
import { assertMinutesLeft } from './upload-minutes';

type Db = Kysely<Database>;
type PublishInput = z.output<typeof ZPublishSchema>;
export type ReadDraft = { fileEntryId: number; imageEntryId: number | null; data: TUploadDraftData };

export const WAVEFORM_JOB = 'backstage.waveform';

type Deps = {
  db: Db;
  storage: Storage;
  fileEntries: FileEntriesService;
  jobs: JobQueue;
  tempDir: string;
  workspaces: WorkspaceDirectory;
};

const COVER_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export function createBackstageMusicService(deps: Deps) {
  const { db, storage, fileEntries, jobs, tempDir, workspaces } = deps;

  /** Copies a stored file to a temp path (S3 or local alike) for the tag reader and ffmpeg. */
  async function withLocalCopy<T>(entry: FileEntryRow, work: (filePath: string) => Promise<T>): Promise<T> {
    await mkdir(tempDir, { recursive: true });
    const filePath = path.join(tempDir, `${randomUUID()}.${entry.extension || 'bin'}`);
    try {
      await pipeline(await storage.get(entry.disk).createReadStream(entry.path), createWriteStream(filePath));
      return await work(filePath);
    } finally {
      await rm(filePath, { force: true });
    }
  }

  async function ownedAudioEntry(userId: number, fileEntryId: number, field: string): Promise<FileEntryRow> {
    const entry = await fileEntriesRepository.findById(db, fileEntryId);
    if (!entry || entry.deleted_at || Number(entry.owner_id) !== userId)
      throw validationError({ [field]: ['Upload the audio file again.'] });
    if (!entry.mime.startsWith('audio/') && !entry.mime.startsWith('video/'))
      throw validationError({ [field]: ['This file is not audio.'] });
    return entry;
  }

  async function readTags(entry: FileEntryRow, field: string) {
    // music-metadata loads on first use (see platform/lazy-imports.test.ts).
    const { readAudioMetadata, UnreadableAudioError } = await import('../import/metadata-reader');
    try {
      return await withLocalCopy(entry, (filePath) => readAudioMetadata(filePath));
    } catch (error) {
      if (error instanceof UnreadableAudioError)
        throw validationError({ [field]: ['This file is not audio we can read.'] });
      throw error;
    }
  }

  /** The embedded cover becomes the user's image on the public disk, so artwork fields can show it. */
  async function storeCover(user: AuthUser, data: Uint8Array, mime: string): Promise<FileEntryRow | null> {
    const extension = COVER_EXTENSIONS[mime];
    if (!extension) return null;
    const fileName = `${randomUUID()}.${extension}`;
    await storage.get('public').put(fileName, Buffer.from(data), { mime });
    try {
      return await fileEntries.adoptStoredFile(user, {
        disk: 'public',
        path: fileName,
        fileName,
        clientName: `cover.${extension}`,
        clientMime: mime,
        clientExtension: extension,
      });
    } catch {
      // A cover refused by the upload policy (size, type) is simply not offered.
      return null;
    }
  }

  /** Tags of an uploaded file (and its cover, stored): what a new upload draft starts from. */
  async function readDraft(user: AuthUser, fileEntryId: number): Promise<ReadDraft> {
    const entry = await ownedAudioEntry(user.id, fileEntryId, 'file_entry_id');
    const tags = await readTags(entry, 'file_entry_id');
    const cover =
      tags.coverData && tags.cover ? await storeCover(user, tags.coverData, tags.cover.mime) : null;
    return {
      fileEntryId: Number(entry.id),
      imageEntryId: cover ? Number(cover.id) : null,
      data: {
        name: tags.title ?? entry.name.replace(/\.[^.]+$/, ''),
        artists: tags.artists.length ? tags.artists : tags.albumArtist ? [tags.albumArtist] : [],
        album: tags.album,
        number: tags.trackNumber,
        genres: tags.genres,
        year: tags.year,
        duration: tags.durationMs,
        image: cover ? fileEntries.dto(cover).url : null,
        lyrics: tags.lyrics,
      },
    };
  }

  /**
   * Singles or one album in one transaction. Durations and types come from the stored bytes,
   * never from the client, so the minutes check cannot be talked down; waveforms follow in a job.
   */
  async function publish(actor: Actor, user: AuthUser, input: PublishInput): Promise<TPublishResponse> {
    await assertCanCreditArtists(db, workspaces, actor, input.artist_ids);
    const fileIds = input.tracks.map((track) => track.file_entry_id);
    if (new Set(fileIds).size !== fileIds.length)
      throw validationError({ tracks: ['Each file can be published once.'] });
    const used = await tracksOfFiles(db, fileIds);
    if (used.length > 0) throw validationError({ tracks: ['A file in this upload is already published.'] });
    const entries = await Promise.all(
      input.tracks.map((track, index) =>
        ownedAudioEntry(user.id, track.file_entry_id, `tracks.${index}.file_entry_id`),
      ),
    );
    const tags = await Promise.all(
      entries.map((entry, index) => readTags(entry, `tracks.${index}.file_entry_id`)),
    );
    const { isSyncedLyrics } = await import('../import/metadata-reader');
    const totalMs = tags.reduce((sum, tag) => sum + (tag.durationMs ?? 0), 0);
    await assertMinutesLeft(db, actor, user.id, totalMs);

    const result = await db.transaction().execute(async (trx) => {
      let albumId: number | null = null;
      if (input.mode === 'album' && input.album) {
        const album = input.album;
        albumId = Number(
          await insertAlbum(trx, {
            name: album.name,
            slug: slugify(album.name),
            release_date: album.release_date ?? null,
            image: album.image ?? null,
            description: album.description ?? null,
            record_type: 'album',
            owner_id: user.id,
            workspace_id: actor.workspaceId,
          }),
        );
        await replaceAlbumArtists(trx, albumId, input.artist_ids);
        await syncGenresAndTags(trx, 'album', albumId, album, user.id);
      }
      const trackIds: number[] = [];
      for (const [index, track] of input.tracks.entries()) {
        const entry = entries[index] as FileEntryRow;
        const tag = tags[index] as (typeof tags)[number];
        const trackId = Number(
          await insertTrack(trx, {
            name: track.name,
            slug: slugify(track.name),
            number: track.number ?? (albumId ? index + 1 : null),
            duration: tag.durationMs,
            album_id: albumId,
            file_entry_id: Number(entry.id),
            mime: tag.mime === 'application/octet-stream' ? entry.mime : tag.mime,
            bitrate: tag.bitrate,
            image: track.image ?? input.album?.image ?? null,
            description: track.description ?? null,
            released_at: input.album?.release_date ? new Date(input.album.release_date) : new Date(),
            visibility: 'public',
            owner_id: user.id,
            workspace_id: actor.workspaceId,
          }),
        );
        trackIds.push(trackId);
        await replaceTrackArtists(trx, trackId, input.artist_ids);
        await syncGenresAndTags(
          trx,
          'track',
          trackId,
          { genres: track.genres ?? input.album?.genres, tags: track.tags },
          user.id,
        );
        if (track.lyrics?.trim())
          await lyricsRepository.upsert(trx, trackId, {
            text: track.lyrics,
            synced: isSyncedLyrics(track.lyrics),
            language: null,
            source: 'upload',
          });
      }
      await uploadDrafts.deleteByFiles(trx, user.id, fileIds);
      return { album_id: albumId, track_ids: trackIds };
    });
    await catalogueChanged(db, {
      albums: result.album_id ? [result.album_id] : [],
      tracks: result.track_ids,
    });
    await Promise.all(
      result.track_ids.flatMap((trackId) => [
        // One lane for all waveforms: each runs ffmpeg, and decodes side by side would take the
        // cores from the requests of an embedded (one-process) install.
        jobs.enqueue(WAVEFORM_JOB, { trackId }, { jobId: `waveform-${trackId}`, lane: WAVEFORM_JOB }),
        // Loudness levelling's gains (modules/loudness), in a lane of their own.
        enqueueLoudness(jobs, trackId),
      ]),
    );
    return result;
  }

  /** The job: decode with ffmpeg, store the 200 peaks (and the decoded length when tags had none). */
  async function computeWaveform(trackId: number): Promise<void> {
    const track = await findTrack(db, trackId);
    if (!track?.file_entry_id) return;
    const entry = await fileEntriesRepository.findById(db, Number(track.file_entry_id));
    if (!entry || entry.deleted_at) return;
    const decoded = await withLocalCopy(entry, (filePath) => decodeWaveform(filePath));
    await updateTrack(db, trackId, {
      waveform: JSON.stringify(decoded.waveform),
      duration: track.duration ?? decoded.durationMs,
    });
    await catalogueChanged(db, { tracks: [trackId] });
  }

  /** The album editor's track list: order, additions (the user's own tracks) and removals at once. */
  async function setAlbumTracks(actor: Actor, albumId: number, trackIds: number[]): Promise<void> {
    const album = await findAlbum(db, albumId);
    if (!album) throw new AppError('not_found');
    await assertCanManageCredited(
      db,
      workspaces,
      actor,
      'album',
      { id: Number(album.id), owner_id: album.owner_id },
      'update',
    );
    const unique = [...new Set(trackIds)];
    if (unique.length) {
      const tracks = await trackPlacements(db, unique);
      if (tracks.length !== unique.length) throw validationError({ track_ids: ['Choose existing tracks.'] });
      for (const track of tracks)
        await assertCanManageCredited(
          db,
          workspaces,
          actor,
          'track',
          { id: Number(track.id), owner_id: track.owner_id },
          'update',
        );
    }
    // The editor leaves the removed tracks' `updated_at` alone, as it always has.
    await changingCatalogue(db, { albums: [albumId], tracks: unique }, () =>
      db.transaction().execute((trx) => replaceAlbumTracks(trx, albumId, unique, false)),
    );
  }

  const overview = createBackstageOverview({ db, workspaces });

  return { readDraft, publish, computeWaveform, setAlbumTracks, overview };
}

export type BackstageMusicService = ReturnType<typeof createBackstageMusicService>;
