import { z } from 'zod';
import { adminListQuerySchema } from './admin-list';
import { ZIdSchema, ZLinkSchema, ZNameListSchema } from './catalogue';
import { lazySchema } from './lazy-schema';
import { paginationSchema } from './pagination';

/** Spec 2.10 request kinds; the route segment is the kebab-case form (`become-artist`). */
export const BACKSTAGE_REQUEST_TYPES = ['become_artist', 'verify_artist', 'claim_artist'] as const;
export type TBackstageRequestType = (typeof BACKSTAGE_REQUEST_TYPES)[number];
export const BACKSTAGE_REQUEST_STATUSES = ['pending', 'approved', 'denied'] as const;
export type TBackstageRequestStatus = (typeof BACKSTAGE_REQUEST_STATUSES)[number];

export const BACKSTAGE_MESSAGES = {
  pendingExists: 'You already have a pending request of this type.',
  artistNameRequired: 'Enter your artist name.',
  artistRequired: 'Choose the artist profile.',
  artistClaimed: 'This artist has already been claimed.',
  artistVerified: 'This artist is already verified.',
  proofNotYours: 'Upload the proof files again.',
  alreadyHandled: 'This request has already been handled.',
  notesRequired: 'Tell the requester why the request was denied.',
} as const;

export const ZBackstageRequestCreateSchema = lazySchema(() =>
  z
    .object({
      type: z.enum(BACKSTAGE_REQUEST_TYPES),
      artist_id: ZIdSchema.nullish(),
      artist_name: z.string().trim().max(255).nullish(),
      image: z.string().trim().max(2000).nullish(),
      role: z.string().trim().max(100).nullish(),
      company: z.string().trim().max(255).nullish(),
      proof_file_ids: z.array(ZIdSchema).max(10).default([]),
      links: z.array(ZLinkSchema).max(10).default([]),
    })
    .superRefine((value, ctx) => {
      if (value.type === 'become_artist' && !value.artist_name)
        ctx.addIssue({
          code: 'custom',
          path: ['artist_name'],
          message: BACKSTAGE_MESSAGES.artistNameRequired,
        });
      if (value.type !== 'become_artist' && !value.artist_id)
        ctx.addIssue({ code: 'custom', path: ['artist_id'], message: BACKSTAGE_MESSAGES.artistRequired });
    }),
);
export type TBackstageRequestCreate = z.input<typeof ZBackstageRequestCreateSchema>;

export const ZBackstageProofSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    mime: z.string().nullable(),
    file_size: z.number(),
    url: z.string(),
  }),
);

export const ZBackstageRequestSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    type: z.enum(BACKSTAGE_REQUEST_TYPES),
    status: z.enum(BACKSTAGE_REQUEST_STATUSES),
    artist_id: z.number().nullable(),
    artist_name: z.string().nullable(),
    artist: z.object({ id: z.number(), name: z.string(), image: z.string().nullable() }).nullable(),
    /** `email` only for the requester and holders of users.update (issue 31). */
    user: z.object({ id: z.number(), name: z.string().nullable(), email: z.string().optional() }),
    data: z.object({
      image: z.string().nullable(),
      role: z.string().nullable(),
      company: z.string().nullable(),
      links: z.array(ZLinkSchema),
    }),
    proofs: z.array(ZBackstageProofSchema),
    notes: z.string().nullable(),
    reviewed_at: z.string().nullable(),
    created_at: z.string(),
  }),
);
export type TBackstageRequest = z.infer<typeof ZBackstageRequestSchema>;
export const ZBackstageRequestResponseSchema = lazySchema(() =>
  z.object({ request: ZBackstageRequestSchema }),
);
export type TBackstageRequestResponse = z.infer<typeof ZBackstageRequestResponseSchema>;
export const ZBackstageRequestListSchema = lazySchema(() => paginationSchema(ZBackstageRequestSchema));

/** The admin list convention (packages/admin-kit): sortable columns plus status/type filters. */
export const ZBackstageRequestListQuerySchema = lazySchema(() =>
  adminListQuerySchema(['created_at', 'artist_name', 'status'], {
    status: z.enum(BACKSTAGE_REQUEST_STATUSES).optional(),
    type: z.enum(BACKSTAGE_REQUEST_TYPES).optional(),
  }),
);
export type TBackstageRequestListQuery = z.infer<typeof ZBackstageRequestListQuerySchema>;

export const ZBackstageReviewSchema = lazySchema(() =>
  z.object({ notes: z.string().trim().max(2000).nullish() }),
);
export const ZBackstageDenySchema = lazySchema(() =>
  z.object({
    notes: z.string().trim().min(1, BACKSTAGE_MESSAGES.notesRequired).max(2000),
  }),
);

/** Minutes of audio per plan (the `minutes` restriction of music.create); null = unlimited. */
export const ZUploadMinutesSchema = lazySchema(() =>
  z.object({
    limit_minutes: z.number().nullable(),
    used_minutes: z.number(),
    left_minutes: z.number().nullable(),
  }),
);
export type TUploadMinutes = z.infer<typeof ZUploadMinutesSchema>;

/**
 * An upload draft (issue 32): the uploaded audio file, what the server read from its tags and
 * the user's edits since, kept on the server until it is published or deleted.
 */
export const ZTrackDraftSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    file_entry_id: z.number(),
    file_name: z.string(),
    name: z.string(),
    artists: z.array(z.string()),
    album: z.string().nullable(),
    number: z.number().nullable(),
    genres: z.array(z.string()),
    year: z.number().nullable(),
    duration: z.number().nullable(),
    image: z.string().nullable(),
    lyrics: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TTrackDraft = z.infer<typeof ZTrackDraftSchema>;
export const ZTrackDraftRequestSchema = lazySchema(() => z.object({ file_entry_id: ZIdSchema }));
export const ZTrackDraftResponseSchema = lazySchema(() => z.object({ draft: ZTrackDraftSchema }));
export const ZTrackDraftListResponseSchema = lazySchema(() =>
  z.object({ drafts: z.array(ZTrackDraftSchema) }),
);
export type TTrackDraftList = z.infer<typeof ZTrackDraftListResponseSchema>;
/** The user's edits of a draft; fields left out keep their value. */
export const ZTrackDraftUpdateSchema = lazySchema(() =>
  z.object({
    name: z.string().trim().min(1, 'The name is required.').max(255).optional(),
    number: z.number().int().min(1).max(10_000).nullable().optional(),
    genres: ZNameListSchema.optional(),
    lyrics: z.string().max(50_000).nullable().optional(),
  }),
);
export type TTrackDraftUpdate = z.infer<typeof ZTrackDraftUpdateSchema>;

export const ZPublishTrackSchema = lazySchema(() =>
  z.object({
    file_entry_id: ZIdSchema,
    name: z.string().trim().min(1, 'The name is required.').max(255),
    number: z.number().int().min(1).max(10_000).nullish(),
    image: z.string().trim().max(2000).nullish(),
    genres: ZNameListSchema.optional(),
    tags: ZNameListSchema.optional(),
    lyrics: z.string().max(50_000).nullish(),
    description: z.string().max(10_000).nullish(),
  }),
);
export type TPublishTrack = z.infer<typeof ZPublishTrackSchema>;

export const PUBLISH_MODES = ['singles', 'album'] as const;
export const ZPublishSchema = lazySchema(() =>
  z
    .object({
      mode: z.enum(PUBLISH_MODES),
      artist_ids: z.array(ZIdSchema).min(1, 'Choose at least one artist.').max(20),
      album: z
        .object({
          name: z.string().trim().min(1, 'The album name is required.').max(255),
          release_date: z.iso.date('The release date must be YYYY-MM-DD.').nullish(),
          image: z.string().trim().max(2000).nullish(),
          description: z.string().max(10_000).nullish(),
          genres: ZNameListSchema.optional(),
          tags: ZNameListSchema.optional(),
        })
        .nullish(),
      tracks: z.array(ZPublishTrackSchema).min(1, 'Add at least one track.').max(100),
    })
    .superRefine((value, ctx) => {
      if (value.mode === 'album' && !value.album)
        ctx.addIssue({ code: 'custom', path: ['album', 'name'], message: 'The album name is required.' });
    }),
);
export type TPublish = z.input<typeof ZPublishSchema>;
export const ZPublishResponseSchema = lazySchema(() =>
  z.object({
    album_id: z.number().nullable(),
    track_ids: z.array(z.number()),
  }),
);
export type TPublishResponse = z.infer<typeof ZPublishResponseSchema>;

/** The album editor's track list: order, additions and removals in one call. */
export const ZAlbumTracksSchema = lazySchema(() => z.object({ track_ids: z.array(ZIdSchema).max(500) }));

export const ZManagedArtistSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    image: z.string().nullable(),
    verified: z.boolean(),
  }),
);
export const ZBackstageOverviewSchema = lazySchema(() =>
  z.object({
    artists: z.array(ZManagedArtistSchema),
    albums: z.array(
      z.object({ id: z.number(), name: z.string(), image: z.string().nullable(), plays: z.number() }),
    ),
    tracks: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        album_id: z.number().nullable(),
        duration: z.number().nullable(),
        plays: z.number(),
      }),
    ),
    requests: z.array(
      z.object({
        id: z.number(),
        type: z.enum(BACKSTAGE_REQUEST_TYPES),
        status: z.enum(BACKSTAGE_REQUEST_STATUSES),
        created_at: z.string(),
      }),
    ),
    minutes: ZUploadMinutesSchema,
  }),
);
export type TBackstageOverview = z.infer<typeof ZBackstageOverviewSchema>;

/** GET backstage-requests/{id}/files/{fileId}: one proof file of one request. */
export const ZRequestFileParamsSchema = lazySchema(() => z.object({ id: ZIdSchema, fileId: ZIdSchema }));
