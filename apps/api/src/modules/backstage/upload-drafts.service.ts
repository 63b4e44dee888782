import type { TTrackDraft, TTrackDraftUpdate } from '@cadence/contracts/backstage';
import type { Kysely } from 'kysely';
import type { Actor } from '../../platform/auth/actor';
import type { AuthUser } from '../../platform/auth/auth-user';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import type { FileEntriesService } from '../file-entries/file-entries.service';
import { tracksOfFiles } from '../tracks/tracks.repository';
import type { ReadDraft } from './backstage-music.service';
import type { UploadDraftWithFile } from './upload-drafts.repository';
import * as uploadDrafts from './upload-drafts.repository';

type Deps = {
  db: Kysely<Database>;
  fileEntries: Pick<FileEntriesService, 'purge'>;
  readDraft: (user: AuthUser, fileEntryId: number) => Promise<ReadDraft>;
};

function toDto(row: UploadDraftWithFile): TTrackDraft {
  return {
    id: row.id,
    file_entry_id: row.file_entry_id,
    file_name: row.file_name,
    ...row.data,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Upload drafts as server state (issue 32): created when an upload's tags are read, edited
 * as the user types, gone when published (see publish) or deleted with their files.
 * Another user's draft is not found, never forbidden: its existence is not theirs to learn.
 */
export function createUploadDraftsService({ db, fileEntries, readDraft }: Deps) {
  async function owned(user: AuthUser, id: number): Promise<UploadDraftWithFile> {
    const row = await uploadDrafts.findOwned(db, user.id, id);
    if (!row) throw new AppError('not_found');
    return row;
  }

  return {
    async list(actor: Actor, user: AuthUser): Promise<TTrackDraft[]> {
      return (await uploadDrafts.listOwned(db, user.id, actor.workspaceId)).map(toDto);
    },

    /** Idempotent per file: asking again (a retried request, a second tab) answers the same draft. */
    async create(actor: Actor, user: AuthUser, fileEntryId: number): Promise<TTrackDraft> {
      const existing = await uploadDrafts.findByFile(db, fileEntryId);
      if (existing && existing.user_id === user.id) return toDto(existing);
      const read = await readDraft(user, fileEntryId);
      const id = await uploadDrafts.insert(db, {
        user_id: user.id,
        workspace_id: actor.workspaceId,
        file_entry_id: read.fileEntryId,
        image_entry_id: read.imageEntryId,
        data: read.data,
      });
      if (id === null) {
        // A parallel request won the insert: its cover stays, this one's goes.
        if (read.imageEntryId) await fileEntries.purge([read.imageEntryId]);
        const winner = await uploadDrafts.findByFile(db, fileEntryId);
        if (!winner || winner.user_id !== user.id) throw new AppError('not_found');
        return toDto(winner);
      }
      return toDto(await owned(user, id));
    },

    async update(user: AuthUser, id: number, patch: TTrackDraftUpdate): Promise<TTrackDraft> {
      const row = await owned(user, id);
      const data = { ...row.data };
      if (patch.name !== undefined) data.name = patch.name;
      if (patch.number !== undefined) data.number = patch.number;
      if (patch.genres !== undefined) data.genres = patch.genres;
      if (patch.lyrics !== undefined) data.lyrics = patch.lyrics;
      await uploadDrafts.updateData(db, id, data);
      return toDto(await owned(user, id));
    },

    /**
     * The draft and its files for good: the audio and the cover read from its tags, unless a
     * track shows them. The row goes first so a failed storage call leaves files nothing
     * references, which the sweeper removes.
     */
    async remove(user: AuthUser, id: number): Promise<void> {
      const row = await owned(user, id);
      await uploadDrafts.deleteById(db, row.id);
      // A track made from this file some other way (the track form, the api) keeps its audio.
      const isAudioPlayed = (await tracksOfFiles(db, [row.file_entry_id])).length > 0;
      const coverInUse = row.image_entry_id !== null && (await isCoverPublished(row.data.image));
      await fileEntries.purge(
        [isAudioPlayed ? null : row.file_entry_id, coverInUse ? null : row.image_entry_id].filter(
          (id): id is number => id !== null,
        ),
      );
    },
  };

  /** A cover a published track or album already shows (the album takes the first draft's) stays. */
  async function isCoverPublished(url: string | null): Promise<boolean> {
    if (!url) return false;
    return uploadDrafts.isImageShown(db, url);
  }
}

export type UploadDraftsService = ReturnType<typeof createUploadDraftsService>;
