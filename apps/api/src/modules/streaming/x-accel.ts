import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FileToSend } from './send-file';

/** Where a fronting nginx finds `${DATA_DIR}/storage`: an `internal` location with this prefix. */
export type XAccelDelivery = { prefix: string; root: string };

/** The header value for a file under `root`, or null when the file lives elsewhere (served directly). */
export function xAccelPath(delivery: XAccelDelivery, file: string): string | null {
  const relative = path.relative(delivery.root, file);
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const prefix = delivery.prefix.endsWith('/') ? delivery.prefix : `${delivery.prefix}/`;
  return prefix + relative.split(path.sep).map(encodeURIComponent).join('/');
}

/**
 * Hands the bytes to nginx (`X-Accel-Redirect`): the api has checked access and sets the
 * headers; nginx answers Range, If-Range and conditional requests itself with sendfile.
 * Returns false when the file is outside the delivery root and must be sent directly.
 */
export function sendViaXAccel(reply: FastifyReply, delivery: XAccelDelivery, file: FileToSend): boolean {
  const target = xAccelPath(delivery, file.path);
  if (target === null) return false;
  reply.header('X-Accel-Redirect', target);
  reply.header('Cache-Control', file.cacheControl);
  if (file.disposition) reply.header('Content-Disposition', file.disposition);
  reply.type(file.mime);
  reply.code(200).send();
  return true;
}
