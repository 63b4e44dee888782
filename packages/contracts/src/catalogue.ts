import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { ZListQuerySchema } from './pagination';
import { type TPublicUser, ZPublicUserSchema } from './user';

/** Numeric ids in paths; anything else (`../`, `1e3`, `-1`) is a 422 before any query runs. */
export const ZIdSchema = lazySchema(() =>
  z.coerce
    .number({ error: 'The id must be a positive integer.' })
    .int('The id must be a positive integer.')
    .min(1, 'The id must be a positive integer.')
    .max(Number.MAX_SAFE_INTEGER, 'The id must be a positive integer.'),
);
/** A path segment holding an id: digits only (at most 15, so it stays a safe integer). */
export const ZIdSegmentSchema = lazySchema(() =>
  z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'The id must be a positive integer.')
    .transform(Number),
);
export const ZIdParamsSchema = lazySchema(() => z.object({ id: ZIdSegmentSchema }));
export type TIdParams = z.infer<typeof ZIdParamsSchema>;

export const ZLinkSchema = lazySchema(() =>
  z.object({
    url: z.url({ protocol: /^https?$/, error: 'Links must be http(s) URLs.' }).max(2000),
    title: z.string().trim().max(100),
  }),
);
export type TLink = z.infer<typeof ZLinkSchema>;

export const ZArtistRefSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    image_small: z.string().nullable(),
  }),
);
export type TArtistRef = z.infer<typeof ZArtistRefSchema>;

export const ZAlbumRefSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    image: z.string().nullable(),
  }),
);
export type TAlbumRef = z.infer<typeof ZAlbumRefSchema>;

export const ZNamedRefSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    display_name: z.string().nullable(),
  }),
);
export type TNamedRef = z.infer<typeof ZNamedRefSchema>;

/** A user shown to others: the one public projection of `./user`. */
export const ZUserRefSchema = ZPublicUserSchema;
export type TUserRef = TPublicUser;

export type TListAllowList = {
  with: readonly string[];
  loadCount: readonly string[];
  orderBy: readonly string[];
};

function allowedList(field: string, allowed: readonly string[]) {
  return z
    .string()
    .max(255)
    .optional()
    .transform((value, ctx) => {
      const names = [
        ...new Set(
          (value ?? '')
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean),
        ),
      ];
      const unknown = names.filter((name) => !allowed.includes(name));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown ${field}: ${unknown.join(', ')}. Allowed: ${allowed.join(', ') || 'none'}.`,
        });
        return z.NEVER;
      }
      return names;
    });
}

/**
 * The paginated list query with per-resource allow-lists: unknown `with`/`load`/`loadCount`
 * names or `orderBy` columns are 422, never silently ignored, never interpolated into SQL.
 */
export function catalogueListQuerySchema<const T extends TListAllowList>(allow: T) {
  return ZListQuerySchema.extend({
    orderBy: z
      .enum(allow.orderBy as unknown as [T['orderBy'][number], ...T['orderBy'][number][]], {
        error: `orderBy must be one of: ${allow.orderBy.join(', ')}.`,
      })
      .optional(),
    with: allowedList('with', allow.with),
    load: allowedList('load', allow.with),
    loadCount: allowedList('loadCount', allow.loadCount),
  });
}

/** `with`/`load`/`loadCount` on single-resource endpoints. */
export function catalogueShowQuerySchema<const T extends Pick<TListAllowList, 'with' | 'loadCount'>>(
  allow: T,
) {
  return z.object({
    with: allowedList('with', allow.with),
    load: allowedList('load', allow.with),
    loadCount: allowedList('loadCount', allow.loadCount),
  });
}

export const ZCountsSchema = lazySchema(() => z.record(z.string(), z.number()));

/** Defined once in auth.ts; catalogue routes import it from here too. */

/** Names typed as a list (genres, tags): at most 20, each 1-100 characters. */
export const ZNameListSchema = lazySchema(() => z.array(z.string().trim().min(1).max(100)).max(20));

/** The smallest reference: an id and a name (artists of a row, a card's owner). */
export const ZIdNameSchema = lazySchema(() => z.object({ id: z.number(), name: z.string() }));
