import { z } from 'zod';
import { adminListQuerySchema } from './admin-list';
import { ZGrantsPayloadSchema } from './admin-users';
import { lazySchema } from './lazy-schema';
import { ZPermissionSchema } from './user';

export const ZAdminRoleSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullable(),
    default: z.boolean(),
    guests: z.boolean(),
    internal: z.boolean(),
    artists: z.boolean(),
    type: z.string(),
    users_count: z.number(),
    permissions: z.array(ZPermissionSchema),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TAdminRole = z.infer<typeof ZAdminRoleSchema>;
export const ZAdminRoleResponseSchema = lazySchema(() => z.object({ role: ZAdminRoleSchema }));
export type TAdminRoleResponse = z.infer<typeof ZAdminRoleResponseSchema>;

export const ADMIN_ROLES_SORTABLE = ['name', 'created_at', 'users_count'] as const;
export const ZAdminRolesQuerySchema = lazySchema(() => adminListQuerySchema(ADMIN_ROLES_SORTABLE));
export type TAdminRolesQuery = z.infer<typeof ZAdminRolesQuerySchema>;

/** `POST api/v1/roles` and `PUT api/v1/roles/{id}` (the role editor). */
export const ZRolePayloadSchema = lazySchema(() =>
  z.object({
    name: z
      .string({ error: 'The name field is required.' })
      .trim()
      .min(1, 'The name field is required.')
      .max(100, 'The name may not be greater than 100 characters.'),
    description: z
      .string()
      .trim()
      .max(500, 'The description may not be greater than 500 characters.')
      .nullable()
      .optional(),
    /** Given to every new account. */
    default: z.boolean().default(false),
    /** The permissions of visitors who are not signed in. */
    guests: z.boolean().default(false),
    permissions: ZGrantsPayloadSchema.default([]),
  }),
);
export type TRolePayload = z.infer<typeof ZRolePayloadSchema>;
