import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type {
  TBackstageOverview,
  TPublishResponse,
  TTrackDraft,
  ZPublishSchema,
} from '@cadence/contracts/backstage';
import type { FastifyRequest } from 'fastify';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth/auth-user';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import type { JobQueue } from '../../platform/jobs/jobs';
import type { Storage } from '../../platform/storage/get-storage';
import { assertCanCreditArtists, replaceAlbumArtists, replaceTrackArtists } from '../artists/artist-credits';
import { assertCanManageCredited } from '../catalogue/catalogue-access';
import { syncGenresAndTags } from '../catalogue/catalogue-links';
import { isoRequired, slugify } from '../catalogue/catalogue-utils';
import type { FileEntriesService } from '../file-entries/file-entries.service';
import type { FileEntryRow } from '../file-entries/file-entries.tables';
import { decodeWaveform } from './audio-waveform';
import { assertMinutesLeft, uploadMinutesOf } from './upload-minutes';

type Db = Kysely<Database>;
type PublishInput = z.output<typeof ZPublishSchema>;

export const WAVEFORM_JOB = 'backstage.waveform';

type Deps = {
  db: Db;
  storage: Storage;
  fileEntries: FileEntriesService;
  jobs: JobQueue;
  tempDir: string;
};

const COVER_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export function createBackstageMusicService(deps: Deps) {
  const { db, storage, fileEntries, jobs, tempDir } = deps;

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
    const entry = await db
      .selectFrom('file_entries')
      .selectAll()
      .where('id', '=', fileEntryId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!entry || Number(entry.owner_id) !== userId)
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
  async function storeCover(user: AuthUser, data: Uint8Array, mime: string): Promise<string | null> {
    const extension = COVER_EXTENSIONS[mime];
    if (!extension) return null;
    const fileName = `${randomUUID()}.${extension}`;
    await storage.get('public').put(fileName, Buffer.from(data), { mime });
    try {
      const row = await fileEntries.adoptStoredFile(user, {
        disk: 'public',
        path: fileName,
        fileName,
        clientName: `cover.${extension}`,
        clientMime: mime,
        clientExtension: extension,
      });
      return fileEntries.dto(row).url;
    } catch {
      // A cover refused by the upload policy (size, type) is simply not offered.
      return null;
    }
  }

  /** Tags of an uploaded file as a draft: the upload page prefills the publish form with it. */
  async function draft(user: AuthUser, fileEntryId: number): Promise<TTrackDraft> {
    const entry = await ownedAudioEntry(user.id, fileEntryId, 'file_entry_id');
    const tags = await readTags(entry, 'file_entry_id');
    const image =
      tags.coverData && tags.cover ? await storeCover(user, tags.coverData, tags.cover.mime) : null;
    return {
      file_entry_id: Number(entry.id),
      file_name: entry.name,
      name: tags.title ?? entry.name.replace(/\.[^.]+$/, ''),
      artists: tags.artists.length ? tags.artists : tags.albumArtist ? [tags.albumArtist] : [],
      album: tags.album,
      number: tags.trackNumber,
      genres: tags.genres,
      year: tags.year,
      duration: tags.durationMs,
      image,
      lyrics: tags.lyrics,
    };
  }

  /**
   * Singles or one album in one transaction. Durations and types come from the stored bytes,
   * never from the client, so the minutes check cannot be talked down; waveforms follow in a job.
   */
  async function publish(
    request: FastifyRequest,
    user: AuthUser,
    input: PublishInput,
  ): Promise<TPublishResponse> {
    await assertCanCreditArtists(db, request, input.artist_ids);
    const fileIds = input.tracks.map((track) => track.file_entry_id);
    if (new Set(fileIds).size !== fileIds.length)
      throw validationError({ tracks: ['Each file can be published once.'] });
    const used = await db
      .selectFrom('tracks')
      .select('file_entry_id')
      .where('file_entry_id', 'in', fileIds)
      .execute();
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
    await assertMinutesLeft(db, request, user.id, totalMs);

    const result = await db.transaction().execute(async (trx) => {
      let albumId: number | null = null;
      if (input.mode === 'album' && input.album) {
        const album = input.album;
        const created = await trx
          .insertInto('albums')
          .values({
            name: album.name,
            slug: slugify(album.name),
            release_date: album.release_date ?? null,
            image: album.image ?? null,
            description: album.description ?? null,
            record_type: 'album',
            owner_id: user.id,
            workspace_id: request.workspaceId || null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        albumId = Number(created.id);
        await replaceAlbumArtists(trx, albumId, input.artist_ids);
        await syncGenresAndTags(trx, 'album', albumId, album, user.id);
      }
      const trackIds: number[] = [];
      for (const [index, track] of input.tracks.entries()) {
        const entry = entries[index] as FileEntryRow;
        const tag = tags[index] as (typeof tags)[number];
        const created = await trx
          .insertInto('tracks')
          .values({
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
            workspace_id: request.workspaceId || null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const trackId = Number(created.id);
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
          await trx
            .insertInto('lyrics')
            .values({
              track_id: trackId,
              text: track.lyrics,
              synced: isSyncedLyrics(track.lyrics),
              source: 'upload',
            })
            .execute();
      }
      return { album_id: albumId, track_ids: trackIds };
    });
    await Promise.all(
      result.track_ids.map((trackId) =>
        jobs.enqueue(WAVEFORM_JOB, { trackId }, { jobId: `waveform-${trackId}` }),
      ),
    );
    return result;
  }

  /** The job: decode with ffmpeg, store the 200 peaks (and the decoded length when tags had none). */
  async function computeWaveform(trackId: number): Promise<void> {
    const track = await db
      .selectFrom('tracks')
      .select(['id', 'file_entry_id', 'duration'])
      .where('id', '=', trackId)
      .executeTakeFirst();
    if (!track?.file_entry_id) return;
    const entry = await db
      .selectFrom('file_entries')
      .selectAll()
      .where('id', '=', Number(track.file_entry_id))
      .executeTakeFirst();
    if (!entry || entry.deleted_at) return;
    const decoded = await withLocalCopy(entry, (filePath) => decodeWaveform(filePath));
    await db
      .updateTable('tracks')
      .set({
        waveform: JSON.stringify(decoded.waveform),
        duration: track.duration ?? decoded.durationMs,
      })
      .where('id', '=', trackId)
      .execute();
  }

  /** The album editor's track list: order, additions (the user's own tracks) and removals at once. */
  async function setAlbumTracks(request: FastifyRequest, albumId: number, trackIds: number[]): Promise<void> {
    const album = await db
      .selectFrom('albums')
      .select(['id', 'owner_id'])
      .where('id', '=', albumId)
      .executeTakeFirst();
    if (!album) throw new AppError('not_found');
    await assertCanManageCredited(
      db,
      request,
      'album',
      { id: Number(album.id), owner_id: album.owner_id },
      'update',
    );
    const unique = [...new Set(trackIds)];
    if (unique.length) {
      const tracks = await db
        .selectFrom('tracks')
        .select(['id', 'owner_id'])
        .where('id', 'in', unique)
        .execute();
      if (tracks.length !== unique.length) throw validationError({ track_ids: ['Choose existing tracks.'] });
      for (const track of tracks)
        await assertCanManageCredited(
          db,
          request,
          'track',
          { id: Number(track.id), owner_id: track.owner_id },
          'update',
        );
    }
    await db.transaction().execute(async (trx) => {
      let removed = trx
        .updateTable('tracks')
        .set({ album_id: null, number: null })
        .where('album_id', '=', albumId);
      if (unique.length) removed = removed.where('id', 'not in', unique);
      await removed.execute();
      for (const [index, id] of unique.entries())
        await trx
          .updateTable('tracks')
          .set({ album_id: albumId, number: index + 1, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
    });
  }

  /** The backstage home: the artists the user manages, their music, requests and minutes. */
  async function overview(request: FastifyRequest, user: AuthUser): Promise<TBackstageOverview> {
    // With a workspace active (membership checked by the workspace scope) its music is listed.
    const inScope = <Q extends SelectQueryBuilder<Database, 'albums' | 'tracks', object>>(query: Q): Q =>
      (request.workspaceId
        ? query.where('workspace_id', '=', request.workspaceId)
        : query.where('owner_id', '=', user.id)) as Q;
    const managers = request.workspaceId
      ? await request.server.services.workspaces.memberIds(request.workspaceId)
      : [user.id];
    const artists = await db
      .selectFrom('user_artist as ua')
      .innerJoin('artists as a', 'a.id', 'ua.artist_id')
      .select(['a.id', 'a.name', 'a.image_small', 'a.verified'])
      .distinct()
      .where('ua.user_id', 'in', managers)
      .orderBy('a.name')
      .execute();
    if (request.workspaceId) {
      const own = await db
        .selectFrom('artists as a')
        .select(['a.id', 'a.name', 'a.image_small', 'a.verified'])
        .where('a.workspace_id', '=', request.workspaceId)
        .execute();
      const known = new Set(artists.map((artist) => Number(artist.id)));
      artists.push(...own.filter((artist) => !known.has(Number(artist.id))));
      artists.sort((a, b) => a.name.localeCompare(b.name));
    }
    const [albums, tracks, requests, minutes] = await Promise.all([
      db
        .selectFrom('albums')
        .select(['id', 'name', 'image', 'plays'])
        .$call(inScope)
        .orderBy('created_at', 'desc')
        .limit(50)
        .execute(),
      db
        .selectFrom('tracks')
        .select(['id', 'name', 'album_id', 'duration', 'plays'])
        .$call(inScope)
        .orderBy('created_at', 'desc')
        .limit(100)
        .execute(),
      db
        .selectFrom('backstage_requests')
        .select(['id', 'type', 'status', 'created_at'])
        .where('user_id', '=', user.id)
        .orderBy('created_at', 'desc')
        .limit(20)
        .execute(),
      uploadMinutesOf(db, request, user.id),
    ]);
    return {
      artists: artists.map((a) => ({
        id: Number(a.id),
        name: a.name,
        image: a.image_small,
        verified: a.verified,
      })),
      albums: albums.map((a) => ({ id: Number(a.id), name: a.name, image: a.image, plays: Number(a.plays) })),
      tracks: tracks.map((t) => ({
        id: Number(t.id),
        name: t.name,
        album_id: t.album_id ? Number(t.album_id) : null,
        duration: t.duration,
        plays: Number(t.plays),
      })),
      requests: requests.map((r) => ({
        id: Number(r.id),
        type: r.type,
        status: r.status,
        created_at: isoRequired(r.created_at),
      })),
      minutes,
    };
  }

  return { draft, publish, computeWaveform, setAlbumTracks, overview };
}

export type BackstageMusicService = ReturnType<typeof createBackstageMusicService>;
