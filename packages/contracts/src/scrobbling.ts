import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const SCROBBLE_SERVICES = ['listenbrainz', 'lastfm'] as const;
export const ZScrobbleServiceSchema = lazySchema(() => z.enum(SCROBBLE_SERVICES));
export type TScrobbleService = z.infer<typeof ZScrobbleServiceSchema>;

/** Account settings' "Connected services": one entry per service, never its token. */
export const ZScrobbleConnectionSchema = lazySchema(() =>
  z.object({
    service: ZScrobbleServiceSchema,
    /** Last.fm needs the site's API key and secret (admin settings); ListenBrainz is always available. */
    is_available: z.boolean(),
    is_connected: z.boolean(),
    account_name: z.string().nullable(),
    connected_at: z.string().nullable(),
    /** Scrobbles waiting to be sent (the service was down, or they are being sent now). */
    pending: z.number().int(),
    last_error: z.string().nullable(),
  }),
);
export type TScrobbleConnection = z.infer<typeof ZScrobbleConnectionSchema>;

export const ZScrobbleConnectionsResponseSchema = lazySchema(() =>
  z.object({ services: z.array(ZScrobbleConnectionSchema) }),
);
export type TScrobbleConnectionsResponse = z.infer<typeof ZScrobbleConnectionsResponseSchema>;

/** `PUT account/scrobbling/listenbrainz`: the user token from the ListenBrainz profile page. */
export const ZListenBrainzConnectSchema = lazySchema(() =>
  z.object({
    token: z.string().trim().min(1, 'Paste your ListenBrainz user token.').max(200),
  }),
);
export type TListenBrainzConnect = z.infer<typeof ZListenBrainzConnectSchema>;

export const ZScrobbleServiceParamsSchema = lazySchema(() => z.object({ service: ZScrobbleServiceSchema }));

/** `POST account/scrobbling/lastfm/connect`: where to send the listener to allow access. */
export const ZLastfmConnectResponseSchema = lazySchema(() => z.object({ url: z.string() }));

/** Last.fm's redirect back after the listener allowed access (`cb?token=...`, our `state`). */
export const ZLastfmCallbackQuerySchema = lazySchema(() =>
  z.object({
    token: z.string().min(1).max(200),
    state: z.string().min(1).max(200),
  }),
);

/** `POST tracks/:id/scrobble`: the web player says the listener reached the scrobble rule. */
export const ZScrobbleReportSchema = lazySchema(() =>
  z.object({
    listened_ms: z
      .int()
      .min(0)
      .max(24 * 60 * 60 * 1000),
  }),
);
export const ZScrobbleReportResponseSchema = lazySchema(() => z.object({ queued: z.boolean() }));
export const ZNowPlayingResponseSchema = lazySchema(() => z.object({ sent: z.boolean() }));
