import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendRanged } from '../../platform/http/send-ranged';
import type { StorageDriver } from '../../platform/storage/storage';

export type StoredFileToSend = {
  driver: StorageDriver;
  path: string;
  size: number;
  lastModified: Date;
  mime: string;
  cacheControl: string;
  disposition?: string;
};

/**
 * Streams a stored file (or one byte range of it) through its storage driver, so the same
 * answer works for any disk: 200/206/304/416 per RFC 9110, never buffering the file. The
 * negotiation is the streaming module's, shared with track streaming.
 */
export async function sendStoredFile(request: FastifyRequest, reply: FastifyReply, file: StoredFileToSend) {
  const { driver, path, ...headers } = file;
  return sendRanged(request, reply, { ...headers, isNoSniff: true }, async (range) =>
    reply.send(await (range ? driver.createReadStream(path, range) : driver.createReadStream(path))),
  );
}
