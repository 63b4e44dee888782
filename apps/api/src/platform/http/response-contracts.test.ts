import {
  ZAccountUserResponseSchema,
  ZConfirmedPasswordStatusResponseSchema,
} from '@cadence/contracts/account';
import { ZAlbumResponseSchema } from '@cadence/contracts/album';
import { ZArtistResponseSchema } from '@cadence/contracts/artist';
import { ZChannelResponseSchema } from '@cadence/contracts/channel';
import { ZCommentResponseSchema } from '@cadence/contracts/comment';
import { ZToggleResponseSchema } from '@cadence/contracts/library';
import { ZLibraryStateResponseSchema } from '@cadence/contracts/library-state';
import { ZLyricsResponseSchema } from '@cadence/contracts/lyrics';
import { ZPlaylistResponseSchema } from '@cadence/contracts/playlist';
import { ZProfileResponseSchema } from '@cadence/contracts/profile';
import { ZRadioResponseSchema, ZSimilarArtistsResponseSchema } from '@cadence/contracts/radio';
import { ZSearchResponseSchema, ZSuggestionsResponseSchema } from '@cadence/contracts/search';
import { ZUserSessionsResponseSchema } from '@cadence/contracts/sessions';
import { ZTrackResponseSchema, ZWaveResponseSchema } from '@cadence/contracts/track';
import { ZTwoFactorQrCodeResponseSchema } from '@cadence/contracts/two-factor';
import { ZValueListsResponseSchema } from '@cadence/contracts/value-lists';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The apps take these answers as typed (`apiClient.get<TAlbumResponse>`) without parsing them
 * again, so the api must declare each route's contract response: its serializer then checks every
 * answer against it. Both sides read the same schema; the OpenAPI document shows what the route declared.
 */
const READ_WITHOUT_PARSING: Array<[method: string, path: string, status: string, schema: z.ZodObject]> = [
  ['get', '/api/v1/channel/{slugOrId}', '200', ZChannelResponseSchema],
  ['get', '/api/v1/artists/{id}', '200', ZArtistResponseSchema],
  ['get', '/api/v1/albums/{id}', '200', ZAlbumResponseSchema],
  ['get', '/api/v1/tracks/{id}', '200', ZTrackResponseSchema],
  ['get', '/api/v1/playlists/{id}', '200', ZPlaylistResponseSchema],
  ['get', '/api/v1/users/{id}/profile', '200', ZProfileResponseSchema],
  ['get', '/api/v1/radio/{seedType}/{seedId}', '200', ZRadioResponseSchema],
  ['get', '/api/v1/artists/{id}/similar', '200', ZSimilarArtistsResponseSchema],
  ['get', '/api/v1/tracks/{id}/lyrics', '200', ZLyricsResponseSchema],
  ['get', '/api/v1/tracks/{id}/wave', '200', ZWaveResponseSchema],
  ['get', '/api/v1/users/me/liked-ids', '200', ZLibraryStateResponseSchema],
  ['post', '/api/v1/users/me/likes', '200', ZToggleResponseSchema],
  ['delete', '/api/v1/users/me/likes', '200', ZToggleResponseSchema],
  ['get', '/api/v1/search', '200', ZSearchResponseSchema],
  ['get', '/api/v1/search/suggestions', '200', ZSuggestionsResponseSchema],
  ['post', '/api/v1/comments', '201', ZCommentResponseSchema],
  ['post', '/api/v1/playlists', '201', ZPlaylistResponseSchema],
  ['put', '/api/v1/playlists/{id}', '200', ZPlaylistResponseSchema],
  ['get', '/api/v1/users/{id}', '200', ZAccountUserResponseSchema],
  ['get', '/api/v1/user-sessions', '200', ZUserSessionsResponseSchema],
  ['get', '/auth/user/two-factor/qr-code', '200', ZTwoFactorQrCodeResponseSchema],
  ['get', '/api/v1/value-lists/{names}', '200', ZValueListsResponseSchema],
  ['get', '/auth/user/confirmed-password-status', '200', ZConfirmedPasswordStatusResponseSchema],
];

type TOpenApi = {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
  >;
};

let t: TestApp;
let spec: TOpenApi;
beforeAll(async () => {
  t = await createTestApp({ isSeeded: false });
  spec = (await t.app.inject({ url: '/api-docs/openapi.json' })).json();
});
afterAll(async () => t?.close());

describe('responses the apps read without parsing', () => {
  it.each(READ_WITHOUT_PARSING)('%s %s declares its contract response', (method, path, status, schema) => {
    const operation = spec.paths[path]?.[method];
    expect(operation, `${method} ${path} is not a documented route`).toBeDefined();
    const declared = operation?.responses?.[status]?.content?.['application/json']?.schema as
      | { properties?: Record<string, unknown>; required?: string[] }
      | undefined;
    expect(declared, `${method} ${path} declares no ${status} response schema`).toBeDefined();
    expect(Object.keys(declared?.properties ?? {}).sort()).toEqual(Object.keys(schema.shape).sort());
  });
});
