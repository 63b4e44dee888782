import { type BillingServices, createBillingServices } from './modules/billing/billing.services';
import { type BootstrapService, createBootstrapService } from './modules/bootstrap/bootstrap.service';
import { type CatalogueCache, createCatalogueCache } from './modules/catalogue/catalogue-cache';
import { registerCatalogueCache } from './modules/catalogue/catalogue-invalidation';
import { createDataExportService, type DataExportService } from './modules/data-export/data-export.service';
import {
  createFileEntriesService,
  type FileEntriesService,
} from './modules/file-entries/file-entries.service';
import { createErrorLogService, type ErrorLogService } from './modules/logs/error-log.service';
import { createMailRecorder } from './modules/mail/mail-recorder';
import {
  createNotificationsService,
  type NotificationsService,
} from './modules/notifications/notifications.service';
import { createScrobblingService, type ScrobblingService } from './modules/scrobbling/scrobbling.service';
import { createSitemapService, type SitemapService } from './modules/seo/sitemap.service';
import { createSettingsService, type SettingsService } from './modules/settings/settings.service';
import type { TranscodingService } from './modules/transcoding/transcoding.service';
import { createTranscoding } from './modules/transcoding/transcoding.setup';
import { createValueListsService, type ValueListsService } from './modules/value-lists/value-lists.service';
import { createWorkspaceInvites, type WorkspaceInvites } from './modules/workspaces/workspace-invites';
import { createWorkspacesService, type WorkspacesService } from './modules/workspaces/workspaces.service';
import type { AppDeps } from './platform/app-deps';
import { createRealtimeHub, type RealtimeHub } from './platform/realtime/realtime-hub';
import { createStorage, type Storage } from './platform/storage/get-storage';

export type Services = {
  settings: SettingsService;
  bootstrap: BootstrapService;
  valueLists: ValueListsService;
  storage: Storage;
  fileEntries: FileEntriesService;
  errorLog: ErrorLogService;
  realtime: RealtimeHub;
  /** `notifications.notify(userId, type, data)`: see modules/notifications/README.md. */
  notifications: NotificationsService;
  billing: BillingServices;
  /** sitemap.xml and its files (modules/seo), written by the scheduled `sitemap:generate`. */
  sitemap: SitemapService;
  workspaces: WorkspacesService;
  workspaceInvites: WorkspaceInvites;
  /** Public album, artist, track, playlist and channel answers (modules/catalogue/catalogue-cache.ts). */
  catalogue: CatalogueCache;
  /** ffmpeg on the fly with a disk cache (modules/transcoding/README.md). */
  transcoding: TranscodingService;
  /** ListenBrainz and Last.fm accounts and the scrobble outbox (modules/scrobbling/README.md). */
  scrobbling: ScrobblingService;
  /** "Download your data" archives (modules/data-export). */
  dataExports: DataExportService;
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
    recordMail: createMailRecorder(deps.db),
  });
  const realtime = createRealtimeHub(deps.pubsub);
  const notifications = createNotificationsService({
    db: deps.db,
    settings,
    realtime,
    env: deps.env,
    appKey: deps.appKey,
  });
  const workspaces = createWorkspacesService({ db: deps.db, realtime });
  const catalogue = createCatalogueCache({
    cache: deps.cache,
    isShared: deps.probes.redis !== null,
    ttlSeconds: deps.env.CATALOGUE_CACHE_SECONDS,
  });
  registerCatalogueCache(deps.db, catalogue);
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
    realtime,
    notifications,
    billing: createBillingServices({
      db: deps.db,
      env: deps.env,
      settings,
      // A sweep's notices go out as one batch: a fixed number of statements however many there are.
      notify: async (notices) => {
        await notifications.notifyMany(notices);
      },
    }),
    sitemap: createSitemapService({
      db: deps.db,
      disk: () => storage.get('public'),
      baseUrl: deps.env.PLAYER_URL,
    }),
    workspaces,
    workspaceInvites: createWorkspaceInvites({ db: deps.db, workspaces, notifications }),
    catalogue,
    transcoding: createTranscoding(deps.env, settings),
    scrobbling: createScrobblingService({
      db: deps.db,
      cache: deps.cache,
      settings,
      appKey: deps.appKey,
      appUrl: deps.env.APP_URL,
      timeoutMs: deps.env.SCROBBLE_TIMEOUT_MS,
    }),
    dataExports: createDataExportService({ db: deps.db, storage, notifications, appUrl: deps.env.APP_URL }),
  };
}
