import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { randomText } from './random-pool';

export type SecurityHeadersOptions = {
  appUrl: string;
  /** Origins the pages load media or images from, or upload to, besides their own (S3, CDN). */
  storageOrigins: readonly string[];
  /** The product's other app origins (ADMIN_URL...): the appearance editor frames the player. */
  appOrigins?: readonly string[];
  /**
   * Origins a page may also load scripts, styles, fonts, frames and requests from, asked per
   * page request (the admin's custom code names them); never asked for api calls.
   */
  pageSources?: () => Promise<readonly string[]>;
};

const pageSourcesOf = new WeakMap<ServerResponse, string>();

/** What a page's headers depend on: a Fastify request, or a raw one before Fastify (front-door.ts). */
export type TPageAsk = Pick<FastifyRequest, 'method' | 'url' | 'headers'> & { raw: IncomingMessage };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The security headers of a page answer (names and values in turn, for `writeHead`) and the
     * nonce its policy allows inline scripts by; what the hooks below give a page, for an answer
     * written before they run.
     */
    pageSecurityHeaders: (request: TPageAsk) => Promise<{ nonce: string; headers: (string | string[])[] }>;
  }
}

/** Pages are what browsers navigate to; api calls ask for JSON and carry no custom code. */
function isPageRequest(request: Pick<FastifyRequest, 'method' | 'headers'>): boolean {
  return request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
}

/** Embeds are meant to be framed by any site; every other page only by the product itself. */
const EMBED_PATH = /^\/(track|album)\/[^?#]+\/embed\/?(?:[?#]|$)/;
export function isEmbedPath(url: string): boolean {
  return EMBED_PATH.test(url);
}

const nonces = new WeakMap<ServerResponse, string>();
const CSP_HEADER = 'content-security-policy';
/** Where a page policy's nonce goes (base64 never holds a hyphen run like this one). */
const NONCE_SLOT = '--nonce-slot--';

function nonceFor(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) {
    nonce = randomText(16, 'base64');
    nonces.set(res, nonce);
  }
  return nonce;
}

type HeaderWriter = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
/**
 * Responses that got the fixed api headers; a handler that inlines a script into one (an HTML
 * page fetched without `accept: text/html`, such as the offline page a service worker caches)
 * upgrades it to the page policy with the nonce.
 */
const pageHeadersFor = new WeakMap<ServerResponse, HeaderWriter>();

/** The per-response nonce the CSP allows inline scripts by (the inlined bootstrap data). */
export function scriptNonce(reply: FastifyReply): string {
  const writePageHeaders = pageHeadersFor.get(reply.raw);
  if (writePageHeaders) {
    pageHeadersFor.delete(reply.raw);
    writePageHeaders(reply.request.raw, reply.raw, () => undefined);
  }
  return nonceFor(reply.raw);
}

/** What a helmet middleware sets whatever the request: run once against a recorder. */
function fixedHeaders(write: HeaderWriter): [name: string, value: string | string[]][] {
  const headers: [string, string | string[]][] = [];
  const recorder = {
    setHeader: (name: string, value: string | string[]) => headers.push([name, value]),
    removeHeader: () => undefined,
  };
  write({ url: '/' } as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/** Gives every inline `<script>` of a page the response's nonce (external module scripts are 'self'). */
export function withNonce(html: string, nonce: string): string {
  return html.replace(/<script>/g, `<script nonce="${nonce}">`);
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Security headers from helmet, its middleware built once (the Fastify wrapper rebuilt it, parsing
 * every directive, on each request). The CSP allows scripts from the app itself and, inline,
 * only with the response's nonce; media, images and uploads also from the configured storage;
 * the realtime socket on the app's own host. recaptcha's hosts are allowed for its widget.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    const self = "'self'";
    const appOrigin = originOf(options.appUrl) ?? '';
    const isHttps = appOrigin.startsWith('https:');
    const socketOrigin = appOrigin.replace(/^http/, 'ws');
    const storage = options.storageOrigins.filter(Boolean);
    const recaptcha = ['https://www.google.com', 'https://www.gstatic.com'];
    const ownApps = [self, ...(options.appOrigins ?? [])].join(' ');
    const frameAncestors = (req: IncomingMessage) => (isEmbedPath(req.url ?? '/') ? '*' : ownApps);
    const { pageSources } = options;
    const extra = (_req: IncomingMessage, res: ServerResponse) => pageSourcesOf.get(res) ?? '';
    if (pageSources) {
      // Before helmet's own hook, which writes the policy.
      app.addHook('onRequest', (request, reply, done) => {
        if (!isPageRequest(request)) return done();
        pageSources().then((origins) => {
          if (origins.length > 0) pageSourcesOf.set(reply.raw, origins.join(' '));
          done();
        }, done);
      });
    }

    type Source = string | ((req: IncomingMessage, res: ServerResponse) => string);
    /** The policy; a page's also allows its nonce and the admin's custom code origins. */
    const policy = (page: { nonce: Source[]; extra: Source[]; frameAncestors: Source }) => ({
      useDefaults: false,
      directives: {
        defaultSrc: [self],
        baseUri: [self],
        objectSrc: ["'none'"],
        scriptSrc: [self, ...page.nonce, ...recaptcha, ...page.extra],
        // Inline style attributes and the page's own <style> (theme variables) are allowed;
        // scripts are what a CSP must hold.
        styleSrc: [self, "'unsafe-inline'", ...page.extra],
        fontSrc: [self, 'data:', ...page.extra],
        imgSrc: [self, 'data:', 'blob:', 'https:', ...storage],
        mediaSrc: [self, 'blob:', 'https:', ...storage],
        connectSrc: [self, socketOrigin, ...storage, ...recaptcha, ...page.extra],
        frameSrc: [self, 'https:', ...recaptcha],
        workerSrc: [self, 'blob:'],
        manifestSrc: [self],
        formAction: [self, 'https:'],
        frameAncestors: [page.frameAncestors],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    });
    const others = {
      // X-Frame-Options cannot say "any site" for the embeds: set below, per path.
      frameguard: false,
      strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // No Cross-Origin-Opener-Policy: the social sign-in popup travels through the provider's
      // origin and must keep its opener to post the result back. Audio and images are fetched
      // by the other apps' origins and by embeds on other sites.
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginEmbedderPolicy: false,
    } as const;
    // Api calls, audio and assets carry no inline script: one fixed set of headers, built once
    // (helmet rebuilt the policy, and a nonce from the CSPRNG, on every one of them).
    const apiHeaders = fixedHeaders(
      helmet({ ...others, contentSecurityPolicy: policy({ nonce: [], extra: [], frameAncestors: ownApps }) }),
    );
    const sharedHeaders = apiHeaders.filter(([name]) => name.toLowerCase() !== CSP_HEADER);
    // A page's policy differs by its nonce, the admin's custom code origins and who may frame it:
    // built by helmet once per origins and framing, the nonce set into it per response.
    const pagePolicies = new Map<string, [before: string, after: string]>();
    const pagePolicy = (origins: string, ancestors: string): [string, string] => {
      const key = `${ancestors}\n${origins}`;
      let parts = pagePolicies.get(key);
      if (!parts) {
        const [, value = ''] =
          fixedHeaders(
            helmet.contentSecurityPolicy(
              policy({
                nonce: [`'nonce-${NONCE_SLOT}'`],
                extra: origins ? [origins] : [],
                frameAncestors: ancestors,
              }),
            ),
          ).find(([name]) => name.toLowerCase() === CSP_HEADER) ?? [];
        const at = String(value).indexOf(NONCE_SLOT);
        parts = [String(value).slice(0, at), String(value).slice(at + NONCE_SLOT.length)];
        // The custom code's origins change only when an admin saves it: a few entries at most.
        if (pagePolicies.size >= 32) pagePolicies.clear();
        pagePolicies.set(key, parts);
      }
      return parts;
    };
    // For a page answered before the hooks below run (platform/http/early-answer.ts): what they
    // and `scriptNonce` would give it, as a list for `writeHead`, with the nonce in its policy.
    const sharedList = sharedHeaders.flat();
    app.decorate('pageSecurityHeaders', async (request: TPageAsk) => {
      const origins = pageSources && isPageRequest(request) ? (await pageSources()).join(' ') : '';
      const nonce = randomText(16, 'base64');
      const [before, after] = pagePolicy(origins, frameAncestors(request.raw));
      const headers: (string | string[])[] = [...sharedList, CSP_HEADER, before + nonce + after];
      if (!isEmbedPath(request.url)) headers.push('x-frame-options', 'SAMEORIGIN');
      return { nonce, headers };
    });
    const writeHeaders: HeaderWriter = (req, res, next) => {
      for (const [name, value] of sharedHeaders) res.setHeader(name, value);
      const [before, after] = pagePolicy(extra(req, res), frameAncestors(req));
      res.setHeader(CSP_HEADER, before + nonceFor(res) + after);
      next();
    };
    app.addHook('onRequest', (request, reply, done) => {
      if (isPageRequest(request) || isEmbedPath(request.url)) {
        writeHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
        return;
      }
      for (const [name, value] of apiHeaders) reply.raw.setHeader(name, value);
      pageHeadersFor.set(reply.raw, writeHeaders);
      done();
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (!isEmbedPath(request.url)) reply.header('x-frame-options', 'SAMEORIGIN');
      done();
    });
  },
  { name: 'security-headers' },
);
