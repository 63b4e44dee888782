import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TServedStamp } from './catalogue-cache';

/**
 * An in-process GET (the spa's `app.inject` of a page's first answer) asks with this header which
 * catalogue generation answered it; the answer names it in `STAMP_HEADER`. The token is this
 * process' own, so no browser request gets the header: only the api's own inner requests do.
 */
const PROBE_HEADER = 'x-cadence-catalogue-probe';
const STAMP_HEADER = 'x-cadence-catalogue-stamp';
const PROBE_TOKEN = randomBytes(18).toString('base64url');

/** What a browser's own call would carry that changes the answer: who asks, in which language. */
const FORWARDED_HEADERS = ['cookie', 'authorization', 'accept-language', 'user-agent'] as const;

/**
 * The api's own answer to a GET as the browser that sent `request` would get it (the same route,
 * hooks, permission and privacy checks, run in-process), asking which catalogue stamp served it.
 */
export function injectAs(app: FastifyInstance, request: FastifyRequest, url: string) {
  const headers: Record<string, string> = { accept: 'application/json', [PROBE_HEADER]: PROBE_TOKEN };
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  // Rate limits and logs count the browser that asked, not the api itself.
  return app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
}

/** Called with a shared answer: names its stamp in the response when the api itself asked. */
export function reportServedStamp(reply: FastifyReply, served: TServedStamp): void {
  if (reply.request.headers[PROBE_HEADER] !== PROBE_TOKEN) return;
  reply.header(STAMP_HEADER, `${served.key} ${served.stamp}`);
}

/** The stamp an in-process answer was served from, or null when it was not a shared catalogue answer. */
export function servedStampOf(headers: Record<string, unknown>): TServedStamp | null {
  const value = headers[STAMP_HEADER];
  if (typeof value !== 'string') return null;
  const at = value.indexOf(' ');
  return at > 0 ? { key: value.slice(0, at), stamp: value.slice(at + 1) } : null;
}
