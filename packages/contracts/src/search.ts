import { z } from 'zod';
import { ZIdNameSchema } from './catalogue';
import { lazySchema } from './lazy-schema';
import { SEARCH_TYPES } from './search-types';

export { SEARCH_TYPES };
export const ZSearchTypeSchema = lazySchema(() => z.enum(SEARCH_TYPES));
export type TSearchType = z.infer<typeof ZSearchTypeSchema>;

const ZSearchTextSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, 'Enter something to search for.')
    .max(255, 'The search query may not be longer than 255 characters.'),
);

/** `types=tracks,albums`: comma-separated tab names; empty or missing means every tab. */
export const ZSearchTypesParamSchema = lazySchema(() =>
  z
    .string()
    .max(200)
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .superRefine((names, ctx) => {
      const unknown = names.filter((name) => !(SEARCH_TYPES as readonly string[]).includes(name));
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: `Unknown search type: ${unknown.join(', ')}.` });
    })
    .transform((names) => (names.length === 0 ? [...SEARCH_TYPES] : [...new Set(names)]) as TSearchType[]),
);

/** `GET /api/v1/search?query=&types=&perPage=` */
export const ZSearchQuerySchema = lazySchema(() =>
  z.object({
    query: ZSearchTextSchema,
    types: ZSearchTypesParamSchema,
    perPage: z.coerce.number().int().min(1).max(50).default(10),
  }),
);
export type TSearchQuery = z.infer<typeof ZSearchQuerySchema>;

export const ZSearchTrackSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    image: z.string().nullable(),
    duration: z.number().nullable(),
    plays: z.number(),
    album: ZIdNameSchema.nullable(),
    artists: z.array(ZIdNameSchema),
  }),
);
export const ZSearchAlbumSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    image: z.string().nullable(),
    release_date: z.string().nullable(),
    plays: z.number(),
    artists: z.array(ZIdNameSchema),
  }),
);
export const ZSearchArtistSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    image_small: z.string().nullable(),
    verified: z.boolean(),
    plays: z.number(),
  }),
);
export const ZSearchPlaylistSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    image: z.string().nullable(),
    owner: ZIdNameSchema.nullable(),
  }),
);
export const ZSearchUserSchema = lazySchema(() =>
  z.object({ id: z.number(), name: z.string(), image: z.string().nullable() }),
);
export const ZSearchGenreSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    display_name: z.string().nullable(),
    image: z.string().nullable(),
  }),
);
export const ZSearchTagSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    display_name: z.string().nullable(),
  }),
);

/** Only the requested tabs are present; each is ranked best first. */
export const ZSearchResponseSchema = lazySchema(() =>
  z.object({
    query: z.string(),
    results: z.object({
      tracks: z.array(ZSearchTrackSchema).optional(),
      albums: z.array(ZSearchAlbumSchema).optional(),
      artists: z.array(ZSearchArtistSchema).optional(),
      playlists: z.array(ZSearchPlaylistSchema).optional(),
      users: z.array(ZSearchUserSchema).optional(),
      genres: z.array(ZSearchGenreSchema).optional(),
      tags: z.array(ZSearchTagSchema).optional(),
    }),
  }),
);
export type TSearchResponse = z.infer<typeof ZSearchResponseSchema>;
export type TSearchTrack = z.infer<typeof ZSearchTrackSchema>;
export type TSearchAlbum = z.infer<typeof ZSearchAlbumSchema>;
export type TSearchArtist = z.infer<typeof ZSearchArtistSchema>;
export type TSearchPlaylist = z.infer<typeof ZSearchPlaylistSchema>;
export type TSearchUser = z.infer<typeof ZSearchUserSchema>;
export type TSearchGenre = z.infer<typeof ZSearchGenreSchema>;
export type TSearchTag = z.infer<typeof ZSearchTagSchema>;

/** `GET /api/v1/search/suggestions?query=`: typeahead, a handful of light rows. */
export const ZSuggestionsQuerySchema = lazySchema(() =>
  z.object({
    query: ZSearchTextSchema,
    limit: z.coerce.number().int().min(1).max(20).default(8),
  }),
);
export const SUGGESTION_TYPES = ['track', 'album', 'artist'] as const;
export const ZSuggestionSchema = lazySchema(() =>
  z.object({
    type: z.enum(SUGGESTION_TYPES),
    id: z.number(),
    name: z.string(),
    image: z.string().nullable(),
    /** The artist's name for a track or album; null for an artist. */
    subtitle: z.string().nullable(),
  }),
);
export const ZSuggestionsResponseSchema = lazySchema(() =>
  z.object({
    query: z.string(),
    results: z.array(ZSuggestionSchema),
  }),
);
export type TSuggestion = z.infer<typeof ZSuggestionSchema>;
export type TSuggestionsResponse = z.infer<typeof ZSuggestionsResponseSchema>;
