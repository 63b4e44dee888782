import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZAdminFileEntrySchema, ZDiskUsageResponseSchema } from '@cadence/contracts/admin-files';
import { ZErrorLogEntrySchema, ZMailLogEntrySchema } from '@cadence/contracts/error-log';
import { ZScheduleOverviewSchema } from '@cadence/contracts/schedule';
import { STAMP } from './admin-story-fixtures';

/** `GET api/v1/logs/schedule`: the scheduled tasks with their last runs. */
export const storySchedule = () =>
  fixture(ZScheduleOverviewSchema, {
    tasks: [
      {
        name: 'sitemap',
        description: 'Regenerate the sitemap',
        every_minutes: 1440,
        runs: [
          {
            id: 1,
            outcome: 'success',
            detail: null,
            duration_ms: 1830,
            started_at: STAMP,
            finished_at: STAMP,
          },
        ],
      },
      {
        name: 'prune-sessions',
        description: 'Remove expired sessions',
        every_minutes: 60,
        runs: [
          {
            id: 2,
            outcome: 'failed',
            detail: 'connect ECONNREFUSED 127.0.0.1:6379',
            duration_ms: 12,
            started_at: STAMP,
            finished_at: STAMP,
          },
        ],
      },
      { name: 'purge-files', description: 'Purge deleted files', every_minutes: 15, runs: [] },
    ],
  });

/** A row of `GET api/v1/logs/error`. */
export const storyErrorEntry = (id: number) =>
  fixture(ZErrorLogEntrySchema, {
    id,
    request_id: `req-${id}-7f3a`,
    method: id % 2 ? 'GET' : 'POST',
    url: `/api/v1/tracks/${id}`,
    status: 500,
    exception: 'TypeError',
    message: "Cannot read properties of undefined (reading 'id')",
    stack: 'TypeError: Cannot read properties of undefined\n    at tracks.service.ts:120:18',
    user_id: id % 3 ? 7 : null,
    created_at: STAMP,
  });

/** A row of `GET api/v1/logs/outgoing-email`. */
export const storyMailEntry = (id: number) =>
  fixture(ZMailLogEntrySchema, {
    id,
    to: `listener${id}@example.com`,
    subject: id % 2 ? 'Reset your password' : 'Confirm your email',
    driver: 'log',
    status: id % 5 === 0 ? 'failed' : 'sent',
    body: null,
    error: id % 5 === 0 ? 'Connection refused' : null,
    created_at: STAMP,
  });

const PIXEL =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="8" height="8"%3E%3Crect width="8" height="8" fill="%23888"/%3E%3C/svg%3E';

/** A row of `GET api/v1/file-entries`: audio on the uploads disk, artwork on the public one. */
export const storyFileEntry = (id: number) => {
  const isImage = id % 3 === 0;
  return fixture(ZAdminFileEntrySchema, {
    id,
    name: isImage ? `cover-${id}.png` : `night-drive-${id}.mp3`,
    file_name: `f${id}`,
    file_size: isImage ? 48_000 * id : 6_500_000 + id * 1000,
    mime: isImage ? 'image/png' : 'audio/mpeg',
    extension: isImage ? 'png' : 'mp3',
    client_name: null,
    client_mime: null,
    client_extension: null,
    path: `files/f${id}`,
    disk: isImage ? 'public' : 'uploads',
    driver: 'local',
    parent_id: null,
    owner_id: 7,
    url: isImage ? PIXEL : `api/v1/file-entries/${id}`,
    created_at: STAMP,
    updated_at: STAMP,
    deleted_at: id % 7 === 0 ? STAMP : null,
    owner: { id: 7, name: 'Ada Lovelace', email: 'ada@example.com' },
  });
};

/** `GET api/v1/file-entries/usage`. */
export const storyDiskUsage = () =>
  fixture(ZDiskUsageResponseSchema, {
    disks: [
      {
        disk: 'uploads',
        driver: 'local',
        files: 120,
        bytes: 812_000_000,
        trashed_files: 3,
        trashed_bytes: 19_000_000,
      },
      { disk: 'public', driver: 'local', files: 48, bytes: 2_300_000, trashed_files: 0, trashed_bytes: 0 },
    ],
  });
