import { z } from 'zod';
import { requiredString, ZNewPasswordFieldSchema, ZPasswordFieldSchema } from './auth';
import { lazySchema } from './lazy-schema';
import { ZPublicUserSchema, ZUserSchema } from './user';

export const ZAccessTokenSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    last_used_at: z.string().nullable(),
    created_at: z.string(),
  }),
);
export type TAccessToken = z.infer<typeof ZAccessTokenSchema>;

/**
 * `GET users/{id}`: the user with the relations the account settings page reads
 * (social profiles, tokens) and the two-factor step of spec 4.
 */
export const ZAccountUserSchema = lazySchema(() =>
  ZUserSchema.extend({
    tokens: z.array(ZAccessTokenSchema),
    two_factor_status: z.enum(['disabled', 'finishing', 'enabled']),
    has_password: z.boolean(),
  }),
);
export type TAccountUser = z.infer<typeof ZAccountUserSchema>;

export const ZAccountUserResponseSchema = lazySchema(() => z.object({ user: ZAccountUserSchema }));
export type TAccountUserResponse = z.infer<typeof ZAccountUserResponseSchema>;
export const ZUserResponseSchema = lazySchema(() => z.object({ user: ZUserSchema }));
/**
 * `GET users/{id}`: the account record for the user themselves and for holders of
 * `users.update`; the public projection for everyone else (issue 31).
 */
export const ZUserRecordResponseSchema = lazySchema(() =>
  z.object({ user: z.union([ZAccountUserSchema, ZPublicUserSchema]) }),
);
export type TUserRecordResponse = z.infer<typeof ZUserRecordResponseSchema>;

const optionalText = (label: string, max = 255) =>
  z.string().trim().max(max, `The ${label} may not be greater than ${max} characters.`).nullable().optional();

/** `PUT users/{id}` (account details). */
export const ZUpdateAccountPayloadSchema = lazySchema(() =>
  z.object({
    name: optionalText('name'),
    first_name: optionalText('first name'),
    last_name: optionalText('last name'),
    language: optionalText('language', 10),
    country: optionalText('country', 10),
    timezone: optionalText('timezone', 64),
    /** Admins only (users.update, not on one's own account): suspends the account; null lifts it. */
    banned_at: z.iso.datetime({ offset: true }).nullable().optional(),
  }),
);
export type TUpdateAccountPayload = z.infer<typeof ZUpdateAccountPayloadSchema>;

/** `DELETE users/{id}` query: `deleteCurrentUser` when deleting one's own account. */
export const ZDeleteUserQuerySchema = lazySchema(() =>
  z.object({
    deleteCurrentUser: z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
      .transform((value) => value === true || value === 'true' || value === '1')
      .optional(),
  }),
);

/** `GET avatars/{key}`: the stored name of an uploaded avatar. */
export const ZAvatarKeyParamsSchema = lazySchema(() =>
  z.object({ key: z.string().regex(/^\d+-[a-f0-9]{24}\.[a-z]{3,4}$/) }),
);

/** `POST users/{id}/avatar` as JSON (the multipart form carries a `file` field instead). */
export const ZAvatarUrlPayloadSchema = lazySchema(() =>
  z.object({
    url: requiredString('url').trim().url('The url must be a valid URL.').max(2000),
  }),
);
export const AVATAR_MAX_BYTES = 2_097_152;

/**
 * `PUT auth/user/password`. Every other session ends with the old password; `revoke_tokens`
 * (default true) ends the personal access tokens too.
 */
export const ZChangePasswordPayloadSchema = lazySchema(() =>
  z.object({
    current_password: requiredString('current password').min(1, 'The current password field is required.'),
    password: ZNewPasswordFieldSchema,
    password_confirmation: requiredString('password confirmation'),
    revoke_tokens: z.boolean({ error: 'The revoke tokens field must be true or false.' }).default(true),
  }),
);
export type TChangePasswordPayload = z.infer<typeof ZChangePasswordPayloadSchema>;

/** `POST users/me/locale`. */
export const ZChangeLocalePayloadSchema = lazySchema(() =>
  z.object({
    locale: requiredString('locale').trim().min(1, 'The locale field is required.').max(10),
  }),
);

/** `GET auth/user/confirmed-password-status?seconds=`; the spec's window is 9000 s. */
export const PASSWORD_CONFIRMATION_SECONDS = 9000;
export const ZConfirmedPasswordStatusQuerySchema = lazySchema(() =>
  z.object({
    seconds: z.coerce.number().int().min(1).max(86_400).default(PASSWORD_CONFIRMATION_SECONDS),
  }),
);
export const ZConfirmedPasswordStatusResponseSchema = lazySchema(() => z.object({ confirmed: z.boolean() }));
export type TConfirmedPasswordStatusResponse = z.infer<typeof ZConfirmedPasswordStatusResponseSchema>;
export const ZConfirmPasswordPayloadSchema = lazySchema(() => z.object({ password: ZPasswordFieldSchema }));

export const PASSWORD_CONFIRMATION_REQUIRED_MESSAGE = 'Password confirmation required.';
