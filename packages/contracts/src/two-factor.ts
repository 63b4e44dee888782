import { z } from 'zod';
import { requiredString, TWO_FACTOR_CODE_LENGTH } from './auth';
import { lazySchema } from './lazy-schema';

/** Plain recovery codes, returned only when they are generated (they are stored hashed). */
export const ZRecoveryCodesResponseSchema = lazySchema(() =>
  z.object({ recovery_codes: z.array(z.string()) }),
);
export type TRecoveryCodesResponse = z.infer<typeof ZRecoveryCodesResponseSchema>;

/** `GET auth/user/two-factor/qr-code`. */
export const ZTwoFactorQrCodeResponseSchema = lazySchema(() =>
  z.object({ svg: z.string(), secret: z.string() }),
);
export type TTwoFactorQrCodeResponse = z.infer<typeof ZTwoFactorQrCodeResponseSchema>;

/** `POST auth/user/confirmed-two-factor-authentication`. */
export const ZConfirmTwoFactorPayloadSchema = lazySchema(() =>
  z.object({
    code: requiredString('code')
      .trim()
      .min(1, 'The code field is required.')
      .length(TWO_FACTOR_CODE_LENGTH, `The code must be ${TWO_FACTOR_CODE_LENGTH} characters.`),
  }),
);

export const TWO_FACTOR_DISABLED_MESSAGE = 'Two factor authentication has been disabled.';
