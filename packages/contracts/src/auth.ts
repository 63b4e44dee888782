import { z } from 'zod';
import {
  EMAIL_CODE_LENGTH,
  PASSWORD_RESET_MESSAGE,
  RECOVERY_CODE_LENGTH,
  SOCIAL_SERVICES,
  TWO_FACTOR_CODE_LENGTH,
} from './auth-constants';
import { ZBootstrapDataSchema } from './bootstrap';
import { lazySchema } from './lazy-schema';
import { ZWorkspaceSchema } from './workspace';

export {
  EMAIL_CODE_LENGTH,
  PASSWORD_RESET_MESSAGE,
  RECOVERY_CODE_LENGTH,
  SOCIAL_SERVICES,
  TWO_FACTOR_CODE_LENGTH,
};

/** Laravel-style messages keyed to the spec's field names, so errors land on the right field. */
export function requiredString(label: string) {
  return z.string({
    error: (issue) =>
      issue.input === undefined ? `The ${label} field is required.` : `The ${label} must be a string.`,
  });
}

export const ZEmailFieldSchema = lazySchema(() =>
  requiredString('email')
    .trim()
    .min(1, 'The email field is required.')
    .max(255, 'The email may not be greater than 255 characters.')
    .pipe(z.email('The email must be a valid email address.')),
);

export const ZPasswordFieldSchema = lazySchema(() =>
  requiredString('password')
    .min(1, 'The password field is required.')
    .max(255, 'The password may not be greater than 255 characters.'),
);

export const PASSWORD_MIN_LENGTH = 8;
export const ZNewPasswordFieldSchema = lazySchema(() =>
  requiredString('password')
    .min(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(255, 'The password may not be greater than 255 characters.'),
);

export const ZBootstrapDataResponseSchema = lazySchema(() =>
  z.object({ bootstrapData: ZBootstrapDataSchema }),
);
export type TBootstrapDataResponse = z.infer<typeof ZBootstrapDataResponseSchema>;

/** `POST auth/login` (spec 7). `remember` keeps the session for a month. */
export const ZLoginPayloadSchema = lazySchema(() =>
  z.object({
    email: ZEmailFieldSchema,
    password: ZPasswordFieldSchema,
    remember: z.boolean().default(false),
  }),
);
export type TLoginPayload = z.infer<typeof ZLoginPayloadSchema>;

/** Either the challenge is required or the user is signed in. */
export const ZLoginResponseSchema = lazySchema(() =>
  z.union([z.object({ two_factor: z.literal(true) }), ZBootstrapDataResponseSchema]),
);
export type TLoginResponse = z.infer<typeof ZLoginResponseSchema>;

/**
 * `POST auth/register` (spec 3 "Register payload"): one boolean per `registration.policies` id
 * rides along as an extra key; `recaptcha_token` is optional when `recaptcha/verify` passed first.
 */
export const ZRegisterPayloadSchema = lazySchema(() =>
  z.looseObject({
    email: ZEmailFieldSchema,
    password: ZNewPasswordFieldSchema,
    password_confirmation: requiredString('password confirmation'),
    invite_id: z.union([z.string(), z.number()]).optional(),
    invite_type: z.string().max(50).optional(),
    recaptcha_token: z.string().max(4000).optional(),
  }),
);
export type TRegisterPayload = z.infer<typeof ZRegisterPayloadSchema>;

export const ZRegisterResponseSchema = lazySchema(() =>
  z.object({
    status: z.enum(['success', 'needs_email_verification']),
    bootstrapData: ZBootstrapDataSchema,
    /** Signed up through a valid workspace invitation: the workspace joined (before any email confirmation). */
    workspace: ZWorkspaceSchema.optional(),
  }),
);
export type TRegisterResponse = z.infer<typeof ZRegisterResponseSchema>;

/** `POST auth/two-factor-challenge`: a 6-digit code or a 21-character recovery code. */
export const ZTwoFactorChallengePayloadSchema = lazySchema(() =>
  z
    .object({
      code: z
        .string()
        .trim()
        .length(TWO_FACTOR_CODE_LENGTH, `The code must be ${TWO_FACTOR_CODE_LENGTH} characters.`)
        .optional(),
      recovery_code: z
        .string()
        .trim()
        .length(RECOVERY_CODE_LENGTH, `The recovery code must be ${RECOVERY_CODE_LENGTH} characters.`)
        .optional(),
    })
    .refine((value) => value.code !== undefined || value.recovery_code !== undefined, {
      message: 'The code field is required.',
      path: ['code'],
    }),
);
export type TTwoFactorChallengePayload = z.infer<typeof ZTwoFactorChallengePayloadSchema>;

export const ZForgotPasswordPayloadSchema = lazySchema(() => z.object({ email: ZEmailFieldSchema }));
export const ZMessageResponseSchema = lazySchema(() => z.object({ message: z.string() }));
export type TMessageResponse = z.infer<typeof ZMessageResponseSchema>;

export const ZResetPasswordPayloadSchema = lazySchema(() =>
  z.object({
    token: requiredString('token').min(1, 'The token field is required.').max(200),
    email: ZEmailFieldSchema,
    password: ZNewPasswordFieldSchema,
    password_confirmation: requiredString('password confirmation'),
  }),
);
export type TResetPasswordPayload = z.infer<typeof ZResetPasswordPayloadSchema>;

export const PASSWORD_RESET_LINK_SENT_MESSAGE =
  'If an account exists for this email, we have emailed a password reset link.';

/** `POST validate-email-verification-otp` (spec 5: required, max 6, numeric). */
export const ZValidateEmailOtpPayloadSchema = lazySchema(() =>
  z.object({
    code: requiredString('code')
      .trim()
      .min(1, 'The code field is required.')
      .max(EMAIL_CODE_LENGTH, `The code may not be greater than ${EMAIL_CODE_LENGTH} characters.`)
      .regex(/^\d+$/, 'The code must be a number.'),
  }),
);
export const ZResendEmailVerificationPayloadSchema = lazySchema(() =>
  z.object({ email: ZEmailFieldSchema.optional() }),
);

export const ZRecaptchaVerifyPayloadSchema = lazySchema(() =>
  z.object({
    token: requiredString('token').min(1, 'The token field is required.').max(4000),
  }),
);
export const ZRecaptchaVerifyResponseSchema = lazySchema(() => z.object({ success: z.boolean() }));

export const ZSocialServiceSchema = lazySchema(() => z.enum(SOCIAL_SERVICES));
export type { TSocialService } from './auth-constants';

/** What the social popup page posts to `window.opener` (spec 4 popup protocol). */
export const ZSocialAuthMessageSchema = lazySchema(() =>
  z.object({
    type: z.literal('social-auth'),
    status: z.enum(['SUCCESS', 'ALREADY_LOGGED_IN', 'REQUEST_PASSWORD', 'ERROR']),
    callbackData: z.object({
      bootstrapData: ZBootstrapDataSchema.optional(),
      errorMessage: z.string().optional(),
    }),
  }),
);
export type TSocialAuthMessage = z.infer<typeof ZSocialAuthMessageSchema>;

/** `POST secure/auth/social/connect`: the existing account's password after REQUEST_PASSWORD. */
export const ZSocialConnectPayloadSchema = lazySchema(() => z.object({ password: ZPasswordFieldSchema }));
export const ZSocialServiceParamsSchema = lazySchema(() => z.object({ service: ZSocialServiceSchema }));
/** What a provider sends back to `auth/social/{service}/callback`. */
export const ZSocialCallbackQuerySchema = lazySchema(() =>
  z.object({
    code: z.string().max(4000).optional(),
    state: z.string().max(500).optional(),
    error: z.string().max(500).optional(),
  }),
);
