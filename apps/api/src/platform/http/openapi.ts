import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { loadOnce } from '../load-once';
import { scriptNonce } from './security-headers';

const DOCS_PREFIX = '/api-docs';
/** Hop-by-hop and framing headers the outer reply sets itself. */
const SKIPPED_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);
/**
 * What Scalar renders as the page's CSP nonce (on its script tags and its `csp-nonce` meta), set
 * to each response's own nonce on the way out: the page policy allows inline scripts by nonce only.
 */
const NONCE_SLOT = 'cadence-docs-nonce-slot';

/** The docs page with this response's nonce, and the language its text is in (WCAG 3.1.1). */
function docsPage(html: string, nonce: string): string {
  return html.replaceAll(NONCE_SLOT, nonce).replace(/<html(?=[\s>])(?![^>]*\blang=)/, '<html lang="en"');
}

function swaggerOptions(appUrl: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Cadence API',
        version: '1.0.0',
        description: 'Cadence music streaming platform API.',
      },
      servers: [{ url: appUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'cadence_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  };
}

/** The route options `@fastify/swagger` documents: its own `onRoute` filter (HEAD twins left out). */
function recordRoutes(app: FastifyInstance): RouteOptions[] {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    const swaggerConfig = (route.config as { swagger?: { exposeHeadRoute?: boolean } } | undefined)?.swagger;
    if (route.method === 'HEAD' && swaggerConfig?.exposeHeadRoute !== true) return;
    routes.push(route);
  });
  return routes;
}

/**
 * The OpenAPI document, generated on its first request. `@fastify/swagger` (with its YAML and
 * JSON-schema resolver libraries, ~100 modules) would load at start and collect the routes; here
 * the routes are collected as it would have seen them, and replayed on first use into a private
 * Fastify instance carrying the plugin with the same options, whose document is the same.
 */
function lazyOpenApiDocument(app: FastifyInstance, appUrl: string) {
  const routes = recordRoutes(app);

  return loadOnce(async (): Promise<FastifyInstance> => {
    const [{ default: Fastify }, { default: swagger }] = await Promise.all([
      import('fastify'),
      import('@fastify/swagger'),
    ]);
    const instance = Fastify({ exposeHeadRoutes: false, routerOptions: { ignoreTrailingSlash: true } });
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(serializerCompiler);
    await instance.register(swagger, swaggerOptions(appUrl));
    const handler = async () => null;
    for (const route of routes) {
      instance.route({
        method: route.method,
        url: route.url,
        schema: route.schema,
        config: route.config,
        constraints: route.constraints,
        handler,
      });
    }
    await instance.ready();
    return instance;
  });
}

/**
 * Scalar's plugin embeds its ~4 MB browser bundle and a YAML/OpenAPI toolchain: tens of MiB of
 * memory and hundreds of modules at start for a page few requests ever ask for. It runs in a
 * private Fastify instance built on the first `/api-docs` request, which the routes here forward to.
 */
function lazyScalar(app: FastifyInstance, openApi: () => Promise<FastifyInstance>) {
  const docs = loadOnce(async (): Promise<FastifyInstance> => {
    const [{ default: Fastify }, { default: scalar }, documented] = await Promise.all([
      import('fastify'),
      import('@scalar/fastify-api-reference'),
      openApi(),
    ]);
    const instance = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    await instance.register(scalar, {
      routePrefix: DOCS_PREFIX,
      configuration: {
        title: 'Cadence API',
        pageTitle: 'Cadence API',
        content: () => documented.swagger(),
        nonce: NONCE_SLOT,
        // The default fonts come from Scalar's own host, which the CSP (and an offline install) refuses.
        withDefaultFonts: false,
      },
    });
    await instance.ready();
    return instance;
  });

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const response = await (await docs()).inject({
      method: 'GET',
      url: request.url,
      headers: { host: request.headers.host ?? 'localhost' },
    });
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined && !SKIPPED_HEADERS.has(name)) reply.header(name, value);
    }
    const isPage = String(response.headers['content-type'] ?? '').startsWith('text/html');
    const body = isPage ? docsPage(response.payload, scriptNonce(reply)) : response.rawPayload;
    return reply.code(response.statusCode).send(body);
  }

  const options = { config: { access: 'public' as const }, schema: { hide: true } };
  app.get(DOCS_PREFIX, options, forward);
  app.get(`${DOCS_PREFIX}/*`, options, forward);
}

/** The OpenAPI document is generated from the routes' zod contracts; Scalar serves its bundled JS (offline). */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { appUrl: string }) => {
    lazyScalar(app, lazyOpenApiDocument(app, options.appUrl));
  },
  { name: 'openapi' },
);
