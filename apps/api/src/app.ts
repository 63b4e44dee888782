import { installValidationMessages } from '@cadence/contracts/zod-error-map';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { appOrigins } from './env';
import { accountsPlugin } from './modules/auth/accounts.plugin';
import { bootstrapRoutes } from './modules/bootstrap/bootstrap.routes';
import { channelsRoutes } from './modules/channels/channels.routes';
import { fileEntriesRoutes } from './modules/file-entries/file-entries.routes';
import { healthRoutes } from './modules/health/health.routes';
import { errorLogRoutes } from './modules/logs/error-log.routes';
import { publicStorageRoutes } from './modules/public-storage/public-storage.routes';
import { radioRoutes } from './modules/radio/radio.routes';
import { s3UploadsRoutes } from './modules/s3-uploads/s3-uploads.routes';
import { scheduleRoutes } from './modules/schedule/schedule.routes';
import { searchRoutes } from './modules/search/search.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { similarArtistsRoutes } from './modules/similar-artists/similar-artists.routes';
import { spaPlugin } from './modules/spa/spa.plugin';
import { cataloguePlugin } from './modules/tracks/catalogue.plugin';
import { tusRoutes } from './modules/tus/tus.routes';
import { valueListsRoutes } from './modules/value-lists/value-lists.routes';
import type { AppDeps } from './platform/app-deps';
import { authPlugin } from './platform/auth/auth.plugin';
import { corsPlugin } from './platform/http/cors';
import { csrfPlugin } from './platform/http/csrf';
import { drainPlugin } from './platform/http/drain';
import { errorHandlerPlugin } from './platform/http/error-handler';
import { applyMethodOverride, methodOverridePlugin } from './platform/http/method-override';
import { openApiPlugin } from './platform/http/openapi';
import { rateLimitPlugin } from './platform/http/rate-limit';
import { generateRequestId, requestIdPlugin } from './platform/http/request-id';
import { routeAccessPlugin } from './platform/http/route-access';
import { securityHeadersPlugin } from './platform/http/security-headers';
import { jobsPlugin } from './platform/jobs/jobs.plugin';
import { createServices } from './platform/services';
import { storageOrigins } from './platform/storage/get-storage';

export type { AppDeps };

/** The whole api as one plugin tree: platform plugins first, then feature modules. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env } = deps;
  // Zod's default messages ("Invalid input: expected string...") never reach a person.
  installValidationMessages();
  const app = Fastify({
    logger: deps.logger ?? false,
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
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('services', createServices(deps));

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
  await app.register(requestIdPlugin);
  await app.register(securityHeadersPlugin, { appUrl: env.APP_URL, storageOrigins: storageOrigins(env) });
  await app.register(corsPlugin, { origins: appOrigins(env) });
  await app.register(methodOverridePlugin);
  await app.register(cookie, { secret: deps.appKey });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(rateLimitPlugin, { store: deps.rateLimitStore, max: env.RATE_LIMIT_MAX });
  await app.register(csrfPlugin, { appUrl: env.APP_URL, trustedOrigins: appOrigins(env) });
  await app.register(authPlugin);
  await app.register(routeAccessPlugin);
  await app.register(openApiPlugin, { appUrl: env.APP_URL });
  await app.register(jobsPlugin);

  await app.register(healthRoutes);
  await app.register(bootstrapRoutes);
  await app.register(settingsRoutes);
  await app.register(valueListsRoutes);
  await app.register(searchRoutes);
  await app.register(similarArtistsRoutes);
  await app.register(radioRoutes);
  await app.register(channelsRoutes);
  await app.register(fileEntriesRoutes);
  await app.register(errorLogRoutes);
  await app.register(scheduleRoutes);
  await app.register(s3UploadsRoutes);
  await app.register(tusRoutes);
  await app.register(accountsPlugin);
  await app.register(cataloguePlugin);
  await app.register(publicStorageRoutes);
  await app.register(spaPlugin);

  return app;
}
