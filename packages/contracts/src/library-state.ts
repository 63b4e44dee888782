import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { FOLLOWABLE_TYPES, LIKEABLE_TYPES, REPOSTABLE_TYPES } from './library';

/** At most one page of a list is asked about at once. */
export const LIBRARY_STATE_MAX_IDS = 200;

const ZAskedIdsSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^\d{1,15}(,\d{1,15})*$/, 'The ids must be comma-separated positive integers.')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.length <= LIBRARY_STATE_MAX_IDS, {
      message: `At most ${LIBRARY_STATE_MAX_IDS} ids may be asked about at once.`,
    }),
);

export const ZLikedIdsQuerySchema = lazySchema(() =>
  z.object({ type: z.enum(LIKEABLE_TYPES), ids: ZAskedIdsSchema }),
);
export const ZFollowedIdsQuerySchema = lazySchema(() =>
  z.object({ type: z.enum(FOLLOWABLE_TYPES), ids: ZAskedIdsSchema }),
);
export const ZRepostedIdsQuerySchema = lazySchema(() =>
  z.object({ type: z.enum(REPOSTABLE_TYPES), ids: ZAskedIdsSchema }),
);

/** Which of the asked ids are liked / followed / reposted by the signed-in user. */
export const ZLibraryStateResponseSchema = lazySchema(() => z.object({ ids: z.array(z.number()) }));
export type TLibraryStateResponse = z.infer<typeof ZLibraryStateResponseSchema>;
