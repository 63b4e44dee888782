import { z } from 'zod';
import { ZAccessTokenSchema, ZUpdateAccountPayloadSchema } from './account';
import { adminListQuerySchema, ZBooleanFilterSchema, ZIdFilterSchema } from './admin-list';
import { ZEmailFieldSchema, ZNewPasswordFieldSchema } from './auth';
import { ZIdSchema } from './catalogue';
import { lazySchema } from './lazy-schema';
import { ZUserSessionSchema } from './sessions';
import { ZPermissionSchema, ZRoleRefSchema } from './user';

/** One row of `GET api/v1/users` (the admin's users list). */
export const ZAdminUserListItemSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    image: z.string().nullable(),
    email_verified_at: z.string().nullable(),
    banned_at: z.string().nullable(),
    created_at: z.string(),
    roles: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
);
export type TAdminUserListItem = z.infer<typeof ZAdminUserListItemSchema>;

export const ADMIN_USERS_SORTABLE = [
  'name',
  'email',
  'created_at',
  'banned_at',
  'email_verified_at',
] as const;

/** `GET api/v1/users`: search name/email; filters role, banned, email_verified (and subscribed with billing). */
export const ZAdminUsersQuerySchema = lazySchema(() =>
  adminListQuerySchema(ADMIN_USERS_SORTABLE, {
    role: ZIdFilterSchema,
    banned: ZBooleanFilterSchema,
    email_verified: ZBooleanFilterSchema,
    /** Holds a valid subscription (a live status, not past its end). */
    subscribed: ZBooleanFilterSchema,
  }),
);
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuerySchema>;

const ZRoleIdsSchema = lazySchema(() => z.array(ZIdSchema).max(50, 'At most 50 roles.'));

/** A direct grant on a user or a role: the permission's name and its restriction values. */
export const ZGrantPayloadSchema = lazySchema(() =>
  z.object({
    name: z.string().max(100),
    restrictions: z
      .array(
        z.object({
          name: z.string().max(100),
          value: z
            .number()
            .int('The value must be a whole number.')
            .min(0, 'The value may not be negative.')
            .nullable(),
        }),
      )
      .max(20)
      .default([]),
  }),
);
export type TGrantPayload = z.input<typeof ZGrantPayloadSchema>;
export type TGrant = z.infer<typeof ZGrantPayloadSchema>;
export const ZGrantsPayloadSchema = lazySchema(() => z.array(ZGrantPayloadSchema).max(200));

/** `POST api/v1/users` (admins: users.create). */
export const ZCreateUserPayloadSchema = lazySchema(() =>
  z.object({
    name: z.string().trim().max(255, 'The name may not be greater than 255 characters.').optional(),
    email: ZEmailFieldSchema,
    password: ZNewPasswordFieldSchema,
    email_verified: z.boolean().default(false),
    roles: ZRoleIdsSchema.optional(),
  }),
);
export type TCreateUserPayload = z.infer<typeof ZCreateUserPayloadSchema>;

/**
 * `PUT api/v1/users/{id}`: the account details anyone may change on their own account, plus
 * the fields only an admin (users.update) may change. Sent by anyone else, the admin fields are
 * dropped before anything is written (mass assignment changes nothing).
 */
export const ZAdminUpdateUserPayloadSchema = lazySchema(() =>
  ZUpdateAccountPayloadSchema.extend({
    email: ZEmailFieldSchema.optional(),
    email_verified_at: z.iso.datetime({ offset: true }).nullable().optional(),
    ban_reason: z
      .string()
      .trim()
      .max(500, 'The reason may not be greater than 500 characters.')
      .nullable()
      .optional(),
    roles: ZRoleIdsSchema.optional(),
    permissions: ZGrantsPayloadSchema.optional(),
  }),
);
export type TAdminUpdateUserPayload = z.infer<typeof ZAdminUpdateUserPayloadSchema>;
export const ADMIN_ONLY_USER_FIELDS = [
  'email',
  'email_verified_at',
  'ban_reason',
  'roles',
  'permissions',
] as const;

/** `GET api/v1/users/{id}/admin`: everything the admin's user page shows. */
export const ZAdminUserSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    image: z.string().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    language: z.string().nullable(),
    country: z.string().nullable(),
    timezone: z.string().nullable(),
    email_verified_at: z.string().nullable(),
    banned_at: z.string().nullable(),
    ban_reason: z.string().nullable(),
    created_at: z.string(),
    roles: z.array(ZRoleRefSchema),
    /** The user's own grants (on top of their roles'). */
    direct_permissions: z.array(ZPermissionSchema),
    two_factor_status: z.enum(['disabled', 'finishing', 'enabled']),
    has_password: z.boolean(),
    sessions: z.array(ZUserSessionSchema.omit({ is_current_device: true, token: true })),
    tokens: z.array(ZAccessTokenSchema),
  }),
);
export type TAdminUser = z.infer<typeof ZAdminUserSchema>;
export const ZAdminUserResponseSchema = lazySchema(() => z.object({ user: ZAdminUserSchema }));
export type TAdminUserResponse = z.infer<typeof ZAdminUserResponseSchema>;

export const ZUserTokenParamsSchema = lazySchema(() => z.object({ id: ZIdSchema, tokenId: ZIdSchema }));

/** `POST api/v1/users/{id}/password-reset-link`: a link the admin can hand over (also mailed when asked). */
export const ZPasswordResetLinkPayloadSchema = lazySchema(() =>
  z.object({ send_email: z.boolean().default(false) }),
);
export const ZPasswordResetLinkResponseSchema = lazySchema(() =>
  z.object({ url: z.string(), expires_at: z.string() }),
);
export type TPasswordResetLinkResponse = z.infer<typeof ZPasswordResetLinkResponseSchema>;
