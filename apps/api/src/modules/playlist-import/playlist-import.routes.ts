import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  PLAYLIST_IMPORT_MAX_BYTES,
  ZPlaylistImportQuerySchema,
  ZPlaylistImportResponseSchema,
} from '@cadence/contracts/playlist-import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/actor';
import { validationError } from '../../platform/http/app-error';
import { createPlaylistsService } from '../playlists/playlists.service';
import { importPlaylists } from './import-playlists';

const TOO_LARGE = `The file is larger than ${PLAYLIST_IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files.`;

/** Issue 37: `POST playlists/import` with the file itself as the body. */
export const playlistImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const playlists = createPlaylistsService(app.deps.db);

  // The file arrives as it is (no multipart): read up to the limit, refused with a message past it.
  app.addContentTypeParser(
    'application/octet-stream',
    async (_request: unknown, payload: AsyncIterable<Buffer>) => {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of payload) {
        size += chunk.length;
        if (size > PLAYLIST_IMPORT_MAX_BYTES) throw validationError({ file: TOO_LARGE });
        chunks.push(chunk);
      }
      return Buffer.concat(chunks);
    },
  );

  app.post(
    '/api/v1/playlists/import',
    {
      config: { access: { permission: 'playlists.create' } },
      bodyLimit: PLAYLIST_IMPORT_MAX_BYTES + 1,
      schema: {
        tags: ['playlists'],
        summary:
          'Import an M3U/M3U8, XSPF or Spotify Playlist1.json file (the body, application/octet-stream): the matching tracks become playlists; answers what matched and what did not',
        querystring: ZPlaylistImportQuerySchema,
        response: {
          200: ZPlaylistImportResponseSchema,
          401: ZErrorEnvelopeSchema,
          403: ZErrorEnvelopeSchema,
          422: ZErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body))
        throw validationError({ file: 'Send the playlist file as the body.' });
      return importPlaylists({ db: app.deps.db, playlists }, actorOf(request), request.body, {
        name: request.query.name,
        isPublic: request.query.public === 'true',
      });
    },
  );
};
