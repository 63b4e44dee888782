import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const ZRestrictionSchema = lazySchema(() =>
  z.object({ name: z.string(), value: z.number().nullable() }),
);
export const ZPermissionSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    restrictions: z.array(ZRestrictionSchema).default([]),
  }),
);
export type TPermission = z.infer<typeof ZPermissionSchema>;

export const ZRoleRefSchema = lazySchema(() => z.object({ id: z.number(), name: z.string().optional() }));

export const ZSubscriptionRefSchema = lazySchema(() => z.object({ valid: z.boolean(), active: z.boolean() }));

/**
 * What anyone may see of a user who is not themselves (issue 31): profiles, comments, playlist
 * owners and editors, followers, reports, search. The account record (`ZUserSchema`) goes only to
 * the user and to holders of `users.update`.
 */
export const ZPublicUserSchema = lazySchema(() =>
  z.object({ id: z.number(), name: z.string(), image: z.string().nullable() }),
);
export type TPublicUser = z.infer<typeof ZPublicUserSchema>;

/** The name others see: the display name, else the full name; never a part of the address. */
export function publicUserName(user: {
  name: string | null;
  first_name: string | null;
  last_name: string | null;
}): string {
  const full = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return user.name?.trim() || full.trim() || 'User';
}

/** Spec 3 "User" as the apps see it (no secrets). */
export const ZUserSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    image: z.string().nullable(),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    language: z.string().nullable(),
    country: z.string().nullable(),
    timezone: z.string().nullable(),
    email_verified_at: z.string().nullable(),
    banned_at: z.string().nullable(),
    unread_notifications_count: z.number(),
    two_factor_confirmed_at: z.string().nullable(),
    roles: z.array(ZRoleRefSchema),
    permissions: z.array(ZPermissionSchema),
    subscriptions: z.array(ZSubscriptionRefSchema),
    social_profiles: z.array(z.object({ service_name: z.string(), username: z.string().nullable() })),
  }),
);
export type TUser = z.infer<typeof ZUserSchema>;

/** Spec 3 "Guest role: permissions". */
export const ZGuestRoleSchema = lazySchema(() =>
  z.object({ id: z.number(), permissions: z.array(ZPermissionSchema) }),
);
export type TGuestRole = z.infer<typeof ZGuestRoleSchema>;

/** `/users/{id}/...`: a numeric id or `me` (the signed-in user). */
export const ZUserIdParamsSchema = lazySchema(() =>
  z.object({
    id: z.union([
      z.literal('me'),
      z
        .string()
        .regex(/^[1-9]\d{0,14}$/, 'The id must be a positive integer or "me".')
        .transform(Number),
    ]),
  }),
);
export type TUserIdParams = z.infer<typeof ZUserIdParamsSchema>;
