import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { TServedStamp } from './catalogue-cache';

/**
 * An in-process GET (the spa's `app.inject` of a page's first answer) asks with this header which
 * catalogue generation answered it; the answer names it in `STAMP_HEADER`. The token is this
 * process' own, so no browser request gets the header: only the api's own inner requests do.
 */
const PROBE_HEADER = 'x-cadence-catalogue-probe';
const STAMP_HEADER = 'x-cadence-catalogue-stamp';
const PROBE_TOKEN = randomBytes(18).toString('base64url');

/** The headers an in-process GET adds to learn the stamp its answer was served from. */
export const stampProbeHeaders: Readonly<Record<string, string>> = { [PROBE_HEADER]: PROBE_TOKEN };

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
