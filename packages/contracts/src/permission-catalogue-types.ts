import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** A named quota or switch on a grant (settings-and-permissions.md 3). */
export const ZRestrictionDefinitionSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    type: z.enum(['number', 'bool']),
    description: z.string(),
  }),
);
export type TRestrictionDefinition = z.infer<typeof ZRestrictionDefinitionSchema>;

/** One entry of the permission catalogue, as the role editor shows it. */
export const ZPermissionDefinitionSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    group: z.string(),
    displayName: z.string(),
    description: z.string(),
    /** Folded away in the role editor. */
    advanced: z.boolean(),
    /** Only offered (and only granted) while billing is enabled. */
    billingOnly: z.boolean(),
    type: z.enum(['sitewide', 'workspace']),
    restrictions: z.array(ZRestrictionDefinitionSchema),
  }),
);
export type TPermissionDefinition = z.infer<typeof ZPermissionDefinitionSchema>;
