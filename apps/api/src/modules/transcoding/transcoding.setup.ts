import os from 'node:os';
import path from 'node:path';
import type { Env } from '../../env';
import type { SettingsService } from '../settings/settings.service';
import { storageRoot } from '../streaming/storage-path';
import { locateFfmpeg } from './ffmpeg-path';
import { createTranscodingService, type TranscodingService } from './transcoding.service';

/** The transcoder of this process: ffmpeg found once, limits read from the admin's settings at each use. */
export function createTranscoding(env: Env, settings: SettingsService): TranscodingService {
  return createTranscodingService(
    locateFfmpeg(env.FFMPEG_PATH, env.PATH),
    path.join(storageRoot(env.DATA_DIR), 'cache', 'transcodes'),
    {
      maxProcesses: async () =>
        (await settings.get('transcoding.max_processes')) || os.availableParallelism(),
      queueTimeoutMs: async () => (await settings.get('transcoding.queue_timeout_seconds')) * 1000,
      cacheBytes: async () => (await settings.get('transcoding.cache_size_mb')) * 1024 * 1024,
    },
  );
}
