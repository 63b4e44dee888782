import { z } from 'zod';
import { ZAccessTokenSchema } from './account';
import { requiredString } from './auth';
import { lazySchema } from './lazy-schema';

/** `POST access-tokens`. */
export const ZCreateAccessTokenPayloadSchema = lazySchema(() =>
  z.object({
    tokenName: requiredString('token name')
      .trim()
      .min(1, 'The token name field is required.')
      .max(100, 'The token name may not be greater than 100 characters.'),
  }),
);
export type TCreateAccessTokenPayload = z.infer<typeof ZCreateAccessTokenPayloadSchema>;

/** `plainTextToken` is shown once: only its hash is kept. */
export const ZCreateAccessTokenResponseSchema = lazySchema(() =>
  z.object({
    token: ZAccessTokenSchema,
    plainTextToken: z.string(),
  }),
);
export type TCreateAccessTokenResponse = z.infer<typeof ZCreateAccessTokenResponseSchema>;

export const ZAccessTokenParamsSchema = lazySchema(() =>
  z.object({ id: z.coerce.number().int().positive() }),
);
