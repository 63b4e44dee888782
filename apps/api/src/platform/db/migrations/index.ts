import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import * as createUsers from './2026-11-21T10-00_create-users';
import * as createRolesAndPermissions from './2026-11-21T10-01_create-roles-and-permissions';
import * as createSettingsAndSeeds from './2026-11-21T10-02_create-settings-and-seeds';
import * as createThemesAndLocalizations from './2026-11-21T10-03_create-themes-and-localizations';
import * as createSessionsAndTokens from './2026-11-21T10-04_create-sessions-and-tokens';
import * as enableSearchExtensions from './2026-11-21T10-05_enable-search-extensions';
import * as createFileEntriesAndUploads from './2026-11-22T09-00_create-file-entries-and-uploads';
import * as createAccountTables from './2026-11-22T10-00_create-account-tables';
import * as createCatalogue from './2026-11-22T11-00_create-catalogue';
import * as createListeningAndSocial from './2026-11-22T11-01_create-listening-and-social';
import * as createChannelsAndBackstageRequests from './2026-11-22T11-02_create-channels-and-backstage-requests';
import * as createSearchIndexesAndSimilarArtists from './2026-11-22T12-00_create-search-indexes-and-similar-artists';
import * as createSearchCandidateIndexes from './2026-11-22T13-00_create-search-candidate-indexes';
import * as createErrorLog from './2026-11-25T13-00_create-error-log';
import * as createScheduledTaskRuns from './2026-11-25T13-01_create-scheduled-task-runs';
import * as createAuditLog from './2026-11-26T10-00_create-audit-log';
import * as addUserBanReasonAndAdminIndexes from './2026-11-26T10-01_add-user-ban-reason-and-admin-indexes';
import * as createNotifications from './2026-11-26T12-00_create-notifications';
import * as createBilling from './2026-11-26T13-00_create-billing';
import * as queueBillingWebhookEvents from './2026-11-26T13-01_queue-billing-webhook-events';
import * as createAnalyticsRollups from './2026-11-26T15-00_create-analytics-rollups';
import * as createReports from './2026-11-26T16-00_create-reports';
import * as createCustomPages from './2026-11-27T13-00_create-custom-pages';
import * as createPlayMonthlyDims from './2026-11-27T14-00_create-play-monthly-dims';
import * as createPlayMonthlyListeners from './2026-11-27T14-01_create-play-monthly-listeners';
import * as createWorkspaces from './2026-11-27T15-00_create-workspaces';
import * as pointAdminUploadMenuItem from './2026-11-27T16-00_point-admin-upload-menu-item';
import * as addAdminListSortIndexes from './2026-11-27T17-00_add-admin-list-sort-indexes';
import * as addUsersAdminSearch from './2026-11-27T17-01_add-users-admin-search';
import * as addTracksSearchName from './2026-11-27T17-02_add-tracks-search-name';
import * as coverAdminUserSorts from './2026-11-28T02-00_cover-admin-user-sorts';
import * as addBillingWebhookEventIds from './2026-11-28T03-00_add-billing-webhook-event-ids';
import * as dropSettingsWithoutReaders from './2026-11-29T07-00_drop-settings-without-readers';
import * as createUploadDrafts from './2026-11-29T08-00_create-upload-drafts';
import * as createSubsonicCredentials from './2026-11-29T08-10_create-subsonic-credentials';
import * as markSeededPlans from './2026-11-29T08-20_mark-seeded-plans';
import * as addSmartPlaylists from './2026-11-29T10-40_add-smart-playlists';
import * as createListeningSettings from './2026-11-29T10-40_create-listening-settings';
import * as addTrackLoudness from './2026-11-29T11-00_add-track-loudness';
import * as createSubsonicUserState from './2026-11-29T11-00_create-subsonic-user-state';
import * as createParties from './2026-11-29T15-00_create-parties';
import * as createScrobbling from './2026-11-29T15-00_create-scrobbling';
import * as createDataExports from './2026-11-29T15-10_create-data-exports';
import * as addListeningPreamp from './2026-11-29T15-20_add-listening-preamp';
import * as createPayoutsLedger from './2026-11-29T15-50_create-payouts-ledger';
import * as createPayoutRuns from './2026-11-29T15-51_create-payout-runs';
import * as addAdminPayoutsMenuItem from './2026-11-29T16-30_add-admin-payouts-menu-item';
import * as createPartyMessageReactions from './2026-11-29T19-00_create-party-message-reactions';
import * as createPayoutDetailChanges from './2026-11-29T19-00_create-payout-detail-changes';
import * as grantMusicDownloadToPaidPlans from './2026-11-29T19-00_grant-music-download-to-paid-plans';
import * as addScrobbleOutboxAccountIndex from './2026-11-29T23-40_add-scrobble-outbox-account-index';
import * as coverSmartRuleJoins from './2026-11-29T23-41_cover-smart-rule-joins';
import * as addSubsonicListIndexes from './2026-11-30T00-00_add-subsonic-list-indexes';
import * as createDataBackfills from './2026-11-30T02-59_create-data-backfills';
import * as denormaliseTrackGenreAndTagIds from './2026-11-30T03-00_denormalise-track-genre-and-tag-ids';
import * as addPayoutRunComputing from './2026-11-30T03-10_add-payout-run-computing';
import * as addTracksLinkTitleIndex from './2026-11-30T07-30_add-tracks-link-title-index';
import * as addScrobbleSenderLease from './2026-11-30T10-40_add-scrobble-sender-lease';
import * as scrobbleOutboxDeleteOnSend from './2026-11-30T17-30_scrobble-outbox-delete-on-send';
import type { TMigrationName } from './names';

/**
 * Imported statically so the tsup bundle carries them; keys are the frozen migration names, and
 * the type makes a name missing here or in `./names` a compile error.
 */
export const migrations: Record<TMigrationName, Migration> = {
  '2026-11-21T10-00_create-users': createUsers,
  '2026-11-21T10-01_create-roles-and-permissions': createRolesAndPermissions,
  '2026-11-21T10-02_create-settings-and-seeds': createSettingsAndSeeds,
  '2026-11-21T10-03_create-themes-and-localizations': createThemesAndLocalizations,
  '2026-11-21T10-04_create-sessions-and-tokens': createSessionsAndTokens,
  '2026-11-21T10-05_enable-search-extensions': enableSearchExtensions,
  '2026-11-22T09-00_create-file-entries-and-uploads': createFileEntriesAndUploads,
  '2026-11-22T10-00_create-account-tables': createAccountTables,
  '2026-11-22T11-00_create-catalogue': createCatalogue,
  '2026-11-22T11-01_create-listening-and-social': createListeningAndSocial,
  '2026-11-22T11-02_create-channels-and-backstage-requests': createChannelsAndBackstageRequests,
  '2026-11-22T12-00_create-search-indexes-and-similar-artists': createSearchIndexesAndSimilarArtists,
  '2026-11-22T13-00_create-search-candidate-indexes': createSearchCandidateIndexes,
  '2026-11-25T13-00_create-error-log': createErrorLog,
  '2026-11-25T13-01_create-scheduled-task-runs': createScheduledTaskRuns,
  '2026-11-26T10-00_create-audit-log': createAuditLog,
  '2026-11-26T10-01_add-user-ban-reason-and-admin-indexes': addUserBanReasonAndAdminIndexes,
  '2026-11-26T12-00_create-notifications': createNotifications,
  '2026-11-26T15-00_create-analytics-rollups': createAnalyticsRollups,
  '2026-11-26T16-00_create-reports': createReports,
  '2026-11-26T13-00_create-billing': createBilling,
  '2026-11-26T13-01_queue-billing-webhook-events': queueBillingWebhookEvents,
  '2026-11-27T13-00_create-custom-pages': createCustomPages,
  '2026-11-27T14-00_create-play-monthly-dims': createPlayMonthlyDims,
  '2026-11-27T14-01_create-play-monthly-listeners': createPlayMonthlyListeners,
  '2026-11-27T15-00_create-workspaces': createWorkspaces,
  '2026-11-27T16-00_point-admin-upload-menu-item': pointAdminUploadMenuItem,
  '2026-11-27T17-00_add-admin-list-sort-indexes': addAdminListSortIndexes,
  '2026-11-27T17-01_add-users-admin-search': addUsersAdminSearch,
  '2026-11-27T17-02_add-tracks-search-name': addTracksSearchName,
  '2026-11-28T02-00_cover-admin-user-sorts': coverAdminUserSorts,
  '2026-11-28T03-00_add-billing-webhook-event-ids': addBillingWebhookEventIds,
  '2026-11-29T07-00_drop-settings-without-readers': dropSettingsWithoutReaders,
  '2026-11-29T08-00_create-upload-drafts': createUploadDrafts,
  '2026-11-29T08-10_create-subsonic-credentials': createSubsonicCredentials,
  '2026-11-29T08-20_mark-seeded-plans': markSeededPlans,
  '2026-11-29T10-40_add-smart-playlists': addSmartPlaylists,
  '2026-11-29T10-40_create-listening-settings': createListeningSettings,
  '2026-11-29T11-00_add-track-loudness': addTrackLoudness,
  '2026-11-29T11-00_create-subsonic-user-state': createSubsonicUserState,
  '2026-11-29T15-00_create-parties': createParties,
  '2026-11-29T15-00_create-scrobbling': createScrobbling,
  '2026-11-29T15-10_create-data-exports': createDataExports,
  '2026-11-29T15-20_add-listening-preamp': addListeningPreamp,
  '2026-11-29T15-50_create-payouts-ledger': createPayoutsLedger,
  '2026-11-29T15-51_create-payout-runs': createPayoutRuns,
  '2026-11-29T16-30_add-admin-payouts-menu-item': addAdminPayoutsMenuItem,
  '2026-11-29T19-00_create-party-message-reactions': createPartyMessageReactions,
  '2026-11-29T19-00_create-payout-detail-changes': createPayoutDetailChanges,
  '2026-11-29T19-00_grant-music-download-to-paid-plans': grantMusicDownloadToPaidPlans,
  '2026-11-29T23-40_add-scrobble-outbox-account-index': addScrobbleOutboxAccountIndex,
  '2026-11-29T23-41_cover-smart-rule-joins': coverSmartRuleJoins,
  '2026-11-30T00-00_add-subsonic-list-indexes': addSubsonicListIndexes,
  '2026-11-30T02-59_create-data-backfills': createDataBackfills,
  '2026-11-30T03-00_denormalise-track-genre-and-tag-ids': denormaliseTrackGenreAndTagIds,
  '2026-11-30T03-10_add-payout-run-computing': addPayoutRunComputing,
  '2026-11-30T07-30_add-tracks-link-title-index': addTracksLinkTitleIndex,
  '2026-11-30T10-40_add-scrobble-sender-lease': addScrobbleSenderLease,
  '2026-11-30T17-30_scrobble-outbox-delete-on-send': scrobbleOutboxDeleteOnSend,
};

/**
 * The backfills a migration leaves to run after the migrations commit, by the name it queues in
 * `data_backfills`: `end` is the last id to fill, `run` fills one range in its own transaction.
 */
export const backfills: Record<
  string,
  {
    // biome-ignore lint/suspicious/noExplicitAny: migrations are untyped
    end: (db: Kysely<any>) => Promise<number>;
    // biome-ignore lint/suspicious/noExplicitAny: migrations are untyped
    run: (trx: Kysely<any>, range: { afterId: number; toId: number }) => Promise<void>;
  }
> = {
  [denormaliseTrackGenreAndTagIds.BACKFILL]: {
    end: denormaliseTrackGenreAndTagIds.backfillEnd,
    run: denormaliseTrackGenreAndTagIds.backfill,
  },
};
