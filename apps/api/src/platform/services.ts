import { type BootstrapService, createBootstrapService } from '../modules/bootstrap/bootstrap.service';
import {
  createFileEntriesService,
  type FileEntriesService,
} from '../modules/file-entries/file-entries.service';
import { createErrorLogService, type ErrorLogService } from '../modules/logs/error-log.service';
import { createSettingsService, type SettingsService } from '../modules/settings/settings.service';
import { createValueListsService, type ValueListsService } from '../modules/value-lists/value-lists.service';
import type { AppDeps } from './app-deps';
import { createStorage, type Storage } from './storage/get-storage';

export type Services = {
  settings: SettingsService;
  bootstrap: BootstrapService;
  valueLists: ValueListsService;
  storage: Storage;
  fileEntries: FileEntriesService;
  errorLog: ErrorLogService;
};

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Modules reach each other through these services, never through each other's tables. */
export function createServices(deps: AppDeps): Services {
  const storage = createStorage(deps.env);
  const settings = createSettingsService({
    db: deps.db,
    cache: deps.cache,
    env: deps.env,
    appKey: deps.appKey,
  });
  return {
    settings,
    bootstrap: createBootstrapService({
      db: deps.db,
      cache: deps.cache,
      settings,
      appUrls: {
        api: deps.env.APP_URL,
        player: deps.env.PLAYER_URL,
        admin: deps.env.ADMIN_URL,
        backstage: deps.env.BACKSTAGE_URL,
      },
    }),
    valueLists: createValueListsService(deps.db),
    storage,
    fileEntries: createFileEntriesService({ db: deps.db, storage, settings, appUrl: deps.env.APP_URL }),
    errorLog: createErrorLogService({ db: deps.db }),
  };
}
