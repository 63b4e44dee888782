import { installValidationMessages } from '@cadence/contracts/zod-error-map';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createServices } from './app-services';
import { appOrigins } from './env';
import { accessTokensRoutes } from './modules/access-tokens/access-tokens.routes';
import { accountRoutes } from './modules/account/account.routes';
import { adminCatalogueRoutes } from './modules/admin-catalogue/admin-catalogue.routes';
import { adminContentRoutes } from './modules/admin-content/admin-content.routes';
import { adminOverviewRoutes } from './modules/admin-overview/admin-overview.routes';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes';
import { adsRoutes } from './modules/ads/ads.routes';
import { albumsRoutes } from './modules/albums/albums.routes';
import { appearanceRoutes } from './modules/appearance/appearance.routes';
import { customCodeOrigins } from './modules/appearance/custom-code-origins';
import { artistsRoutes } from './modules/artists/artists.routes';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { verificationGatePlugin } from './modules/auth/verification-gate';
import { backstageMusicRoutes } from './modules/backstage/backstage-music.routes';
import { backstageRequestsRoutes } from './modules/backstage/backstage-requests.routes';
import { billingPlugin } from './modules/billing/billing.plugin';
import { bootstrapRoutes } from './modules/bootstrap/bootstrap.routes';
import { channelsRoutes } from './modules/channels/channels.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { customPagesRoutes } from './modules/custom-pages/custom-pages.routes';
import { dataExportRoutes } from './modules/data-export/data-export.routes';
import { adminFilesRoutes } from './modules/file-entries/admin-files.routes';
import { fileEntriesRoutes } from './modules/file-entries/file-entries.routes';
import { genresRoutes } from './modules/genres/genres.routes';
import { healthRoutes } from './modules/health/health.routes';
import { insightsRoutes } from './modules/insights/insights.routes';
import { artistFollowersRoutes } from './modules/library/artist-followers.routes';
import { libraryRoutes } from './modules/library/library.routes';
import { libraryStateRoutes } from './modules/library/library-state.routes';
import { listeningRoutes } from './modules/listening/listening.routes';
import { localizationsRoutes } from './modules/localizations/localizations.routes';
import { errorLogRoutes } from './modules/logs/error-log.routes';
import { loudnessRoutes } from './modules/loudness/loudness.routes';
import { lyricsRoutes } from './modules/lyrics/lyrics.routes';
import { mailLogRoutes } from './modules/mail/mail-log.routes';
import { createMailRecorder } from './modules/mail/mail-recorder';
import { notificationsPlugin } from './modules/notifications/notifications.plugin';
import { offlineRoutes } from './modules/offline/offline.routes';
import { partiesRoutes } from './modules/parties/parties.routes';
import { earningsRoutes } from './modules/payouts/earnings.routes';
import { payoutDetailsRoutes } from './modules/payouts/payout-details.routes';
import { payoutsRoutes } from './modules/payouts/payouts.routes';
import { playlistImportRoutes } from './modules/playlist-import/playlist-import.routes';
import { playlistsRoutes } from './modules/playlists/playlists.routes';
import { playsRoutes } from './modules/plays/plays.routes';
import { publicStorageRoutes } from './modules/public-storage/public-storage.routes';
import { radioRoutes } from './modules/radio/radio.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { s3UploadsRoutes } from './modules/s3-uploads/s3-uploads.routes';
import { scheduleRoutes } from './modules/schedule/schedule.routes';
import { scrobblingRoutes } from './modules/scrobbling/scrobbling.routes';
import { searchRoutes } from './modules/search/search.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { sessionsRoutes } from './modules/sessions/sessions.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { similarArtistsRoutes } from './modules/similar-artists/similar-artists.routes';
import { socialRoutes } from './modules/social/social.routes';
import { spaPlugin } from './modules/spa/spa.plugin';
import { streamingRoutes } from './modules/streaming/streaming.routes';
import { appPasswordRoutes } from './modules/subsonic/app-password.routes';
import { subsonicRoutes } from './modules/subsonic/subsonic.routes';
import { taggedMusicRoutes } from './modules/tags/tagged-music.routes';
import { tagsRoutes } from './modules/tags/tags.routes';
import { tracksRoutes } from './modules/tracks/tracks.routes';
import { tusRoutes } from './modules/tus/tus.routes';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { addressRedactionPlugin } from './modules/users/address-redaction.plugin';
import { usersRoutes } from './modules/users/users.routes';
import { valueListsRoutes } from './modules/value-lists/value-lists.routes';
import { workspaceScopePlugin } from './modules/workspaces/workspace-scope.plugin';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes';
import type { AppDeps } from './platform/app-deps';
import { authPlugin } from './platform/auth/auth.plugin';
import { loadCompress } from './platform/http/compress';
import { corsPlugin } from './platform/http/cors';
import { csrfPlugin } from './platform/http/csrf';
import { drainPlugin } from './platform/http/drain';
import { earlyAnswerPlugin } from './platform/http/early-answer';
import { errorHandlerPlugin } from './platform/http/error-handler';
import { createFrontDoor } from './platform/http/front-door';
import { jsonBodyPlugin } from './platform/http/json-body';
import { applyMethodOverride, methodOverridePlugin } from './platform/http/method-override';
import { openApiPlugin } from './platform/http/openapi';
import { rateLimitPlugin } from './platform/http/rate-limit';
import { generateRequestId, requestIdPlugin } from './platform/http/request-id';
import { routeAccessPlugin } from './platform/http/route-access';
import { securityHeadersPlugin } from './platform/http/security-headers';
import {
  zodCompilersFactory,
  zodSerializerCompiler,
  zodValidatorCompiler,
} from './platform/http/zod-compilers';
import { jobsPlugin } from './platform/jobs/jobs.plugin';
import { mailPlugin } from './platform/mail/mail.plugin';
import { storageOrigins } from './platform/storage/get-storage';

export type { AppDeps };

/** The whole api as one plugin tree: platform plugins first, then feature modules. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env } = deps;
  // Zod's default messages ("Invalid input: expected string...") never reach a person.
  installValidationMessages();
  // The server's own listener answers a kept guest page before Fastify (platform/http/front-door.ts).
  const frontDoor = createFrontDoor({ requestId: generateRequestId, trustsProxy: env.TRUST_PROXY });
  const app = Fastify({
    logger: deps.logger ?? false,
    serverFactory: frontDoor.serverFactory,
    trustProxy: env.TRUST_PROXY,
    genReqId: generateRequestId,
    requestIdHeader: false,
    rewriteUrl: applyMethodOverride,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Requests accepted before the listener closed are served, not refused: by then the drain
    // (see platform/http/drain.ts) has emptied the kept-alive connections, so these are the
    // last ones a load balancer sent, and answering 503 to them would drop them.
    return503OnClosing: false,
    // Every schema is zod's: named here, Fastify never loads Ajv and fast-json-stringify (their
    // compilers, required at construction otherwise, were ~5 % of the start's CPU).
    schemaController: { compilersFactory: zodCompilersFactory },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  app.decorate('deps', deps);
  app.decorate('services', createServices(deps));
  // ffmpeg children die with the app (a shutdown or a test's close), never orphaned.
  app.addHook('onClose', async () => app.services.transcoding.close());

  await app.register(errorHandlerPlugin, {
    isDebug: env.APP_DEBUG,
    linesFor: (request) =>
      app.services.bootstrap.linesFor({
        user: request.user ?? null,
        guestRole: null,
        cookies: request.cookies,
      }),
    onServerFault: (request, error, status) =>
      app.services.errorLog.record(
        {
          requestId: request.id,
          method: request.method,
          // The path only: query strings can carry tokens.
          url: request.url.split('?')[0] ?? request.url,
          status,
          error,
          userId: request.user?.id ?? null,
        },
        request.log,
      ),
  });
  await app.register(drainPlugin);
  // First of the every-request hooks: a kept guest page is answered there (spa.plugin.ts).
  await app.register(earlyAnswerPlugin, { frontDoor });
  await app.register(requestIdPlugin);
  await app.register(securityHeadersPlugin, {
    appUrl: env.APP_URL,
    storageOrigins: storageOrigins(env),
    appOrigins: appOrigins(env),
    pageSources: async () =>
      customCodeOrigins(
        await app.services.settings.get('custom_code.css'),
        await app.services.settings.get('custom_code.html'),
      ),
  });
  await app.register(corsPlugin, { origins: appOrigins(env) });
  await app.register(methodOverridePlugin);
  await app.register(jsonBodyPlugin);
  await app.register(cookie, { secret: deps.appKey });
  await app.register(loadCompress(), { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(rateLimitPlugin, { store: deps.rateLimitStore, max: env.RATE_LIMIT_MAX });
  await app.register(csrfPlugin, { appUrl: env.APP_URL, trustedOrigins: appOrigins(env) });
  await app.register(authPlugin);
  await app.register(workspaceScopePlugin);
  await app.register(routeAccessPlugin);
  await app.register(openApiPlugin, { appUrl: env.APP_URL });
  await app.register(jobsPlugin);

  await app.register(healthRoutes);
  await app.register(bootstrapRoutes);
  await app.register(settingsRoutes);
  await app.register(localizationsRoutes);
  await app.register(appearanceRoutes);
  await app.register(adsRoutes);
  await app.register(valueListsRoutes);
  await app.register(searchRoutes);
  await app.register(similarArtistsRoutes);
  await app.register(radioRoutes);
  await app.register(channelsRoutes);
  await app.register(fileEntriesRoutes);
  await app.register(adminFilesRoutes);
  await app.register(errorLogRoutes);
  await app.register(auditLogRoutes);
  await app.register(adminOverviewRoutes);
  await app.register(scheduleRoutes);
  await app.register(s3UploadsRoutes);
  await app.register(tusRoutes);

  // Accounts (issue 3): the mailer and the unverified-user gate come before the routes they cover.
  await app.register(mailPlugin, {
    setting: (name) => app.services.settings.get(name),
    recordMail: createMailRecorder(deps.db),
  });
  await app.register(verificationGatePlugin);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(usersRoutes);
  await app.register(adminUsersRoutes);
  await app.register(rolesRoutes);
  await app.register(sessionsRoutes);
  await app.register(accessTokensRoutes);
  await app.register(dataExportRoutes);
  await app.register(twoFactorRoutes);
  await app.register(socialRoutes);
  await app.register(mailLogRoutes);

  await app.register(notificationsPlugin);
  await app.register(workspacesRoutes);

  // The music domain: catalogue, library, social and streaming.
  await app.register(artistsRoutes);
  await app.register(albumsRoutes);
  await app.register(tracksRoutes);
  await app.register(genresRoutes);
  await app.register(tagsRoutes);
  await app.register(taggedMusicRoutes);
  await app.register(lyricsRoutes);
  await app.register(playlistsRoutes);
  await app.register(playlistImportRoutes);
  await app.register(libraryRoutes);
  await app.register(libraryStateRoutes);
  await app.register(artistFollowersRoutes);
  await app.register(commentsRoutes);
  await app.register(playsRoutes);
  await app.register(scrobblingRoutes);
  await app.register(streamingRoutes);
  await app.register(offlineRoutes);
  // Native apps (issue 35): the Subsonic and OpenSubsonic API under /rest.
  await app.register(subsonicRoutes);
  await app.register(appPasswordRoutes);
  await app.register(listeningRoutes);
  await app.register(loudnessRoutes);
  // Listening parties (issue 38).
  await app.register(partiesRoutes);

  // The artists' side (issue 11): requests and their review, upload and publish.
  await app.register(backstageRequestsRoutes);
  await app.register(backstageMusicRoutes);
  await app.register(insightsRoutes);

  // Admin (issue 12): catalogue tables and moderation.
  await app.register(adminCatalogueRoutes);
  await app.register(adminContentRoutes);
  await app.register(reportsRoutes);

  // Billing (issue 14): plans, checkout, subscriptions, provider webhooks.
  // Subscriptions and provider events name users by address under subscriptions.update.
  await app.register(addressRedactionPlugin, {
    prefixes: ['/api/v1/billing/admin/subscriptions', '/api/v1/billing/admin/webhook-events'],
  });
  await app.register(billingPlugin);
  // Artist payouts (issue 39): the monthly runs over billing's invoices and the qualified plays.
  await app.register(payoutsRoutes);
  await app.register(earningsRoutes);
  await app.register(payoutDetailsRoutes);
  await app.register(publicStorageRoutes);

  // Site presentation (issue 13): custom pages, the contact form, robots.txt and sitemaps.
  await app.register(customPagesRoutes);
  await app.register(contactRoutes);
  await app.register(seoRoutes);
  await app.register(spaPlugin);

  return app;
}
