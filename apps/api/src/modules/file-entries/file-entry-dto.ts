import type { TFileEntry } from '@cadence/contracts/file-entry';
import type { StorageDriver } from '../../platform/storage/storage';
import type { FileEntryRow } from './file-entries.tables';

/** Maps a row to spec 3's file entry; the url is public on the public disk, the api path otherwise. */
export function toFileEntryDto(row: FileEntryRow, driver: StorageDriver, appUrl: string): TFileEntry {
  return {
    id: row.id,
    name: row.name,
    file_name: row.file_name,
    file_size: Number(row.file_size),
    mime: row.mime,
    extension: row.extension,
    client_name: row.client_name,
    client_mime: row.client_mime,
    client_extension: row.client_extension,
    path: row.path,
    disk: row.disk,
    driver: row.driver,
    parent_id: row.parent_id,
    owner_id: row.owner_id,
    url: driver.publicUrl(row.path) ?? `${appUrl}/api/v1/file-entries/${row.id}`,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: row.deleted_at ? row.deleted_at.toISOString() : null,
  };
}
