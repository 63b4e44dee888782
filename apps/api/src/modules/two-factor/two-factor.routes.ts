import { ZAccountUserResponseSchema } from '@cadence/contracts/account';
import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  TWO_FACTOR_DISABLED_MESSAGE,
  ZConfirmTwoFactorPayloadSchema,
  ZRecoveryCodesResponseSchema,
  ZTwoFactorQrCodeResponseSchema,
} from '@cadence/contracts/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/access';
import { AppError, validationError } from '../../platform/http/app-error';
import * as accountRepository from '../auth/account.repository';
import { requirePasswordConfirmation } from '../auth/password-confirmation';
import { MINUTE_MS, throttle } from '../auth/throttle';
import { INVALID_TWO_FACTOR_CODE_MESSAGE } from '../auth/two-factor-challenge';
import { accountUserDto } from '../users/account-user';
import { generateRecoveryCode, generateTotpSecret, hashRecoveryCode, matchTotpStep, totpFor } from './totp';
import * as twoFactorRepository from './two-factor.repository';
import { openSecret, sealSecret } from './two-factor-secret';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
  423: ZErrorEnvelopeSchema,
};
const tags = ['two-factor'];
const RECOVERY_CODE_COUNT = 8;

function newRecoveryCodes() {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/** Every change needs a recent password confirmation (spec 6). */

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, appKey } = app.deps;

  app.post(
    '/auth/user/two-factor-authentication',
    {
      config: { access: 'user' },
      preHandler: requirePasswordConfirmation,
      schema: {
        tags,
        summary: 'Start enabling: new secret and recovery codes (shown once)',
        response: { 200: ZRecoveryCodesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { codes, hashes } = newRecoveryCodes();
      await twoFactorRepository.save(db, user.id, {
        secret: sealSecret(generateTotpSecret(), appKey),
        recoveryHashes: hashes,
        confirmedAt: null,
      });
      return { recovery_codes: codes };
    },
  );

  app.get(
    '/auth/user/two-factor/qr-code',
    {
      config: { access: 'user' },
      preHandler: requirePasswordConfirmation,
      schema: {
        tags,
        summary: 'QR code (SVG) and setup key',
        response: { 200: ZTwoFactorQrCodeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const secret = openSecret(user, appKey);
      if (!secret) throw new AppError('not_found', 'Two factor authentication is not enabled.');
      const siteName = String(await app.services.settings.get('branding.site_name'));
      const uri = totpFor(secret, user.email, siteName).toString();
      const { default: QRCode } = await import('qrcode');
      return { svg: await QRCode.toString(uri, { type: 'svg', margin: 1 }), secret };
    },
  );

  app.post(
    '/auth/user/confirmed-two-factor-authentication',
    {
      config: { access: 'user' },
      preHandler: requirePasswordConfirmation,
      schema: {
        tags,
        summary: 'Finish enabling with a code from the app',
        body: ZConfirmTwoFactorPayloadSchema,
        response: { 200: ZAccountUserResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await throttle(app.deps.rateLimitStore, [
        { key: `two-factor-confirm:${user.id}`, max: 10, windowMs: MINUTE_MS },
      ]);
      const secret = openSecret(user, appKey);
      const step = secret ? matchTotpStep(secret, request.body.code) : null;
      if (step === null || !(await twoFactorRepository.claimStep(db, user.id, step))) {
        throw validationError({ code: INVALID_TWO_FACTOR_CODE_MESSAGE });
      }
      await twoFactorRepository.confirm(db, user.id);
      const fresh = (await accountRepository.findById(db, user.id)) ?? user;
      return { user: await accountUserDto(db, fresh, true) };
    },
  );

  app.delete(
    '/auth/user/two-factor-authentication',
    {
      config: { access: 'user' },
      preHandler: requirePasswordConfirmation,
      schema: {
        tags,
        summary: 'Disable two factor authentication',
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await twoFactorRepository.save(db, user.id, { secret: null, recoveryHashes: null, confirmedAt: null });
      return { message: TWO_FACTOR_DISABLED_MESSAGE };
    },
  );

  app.post(
    '/auth/user/two-factor-recovery-codes',
    {
      config: { access: 'user' },
      preHandler: requirePasswordConfirmation,
      schema: {
        tags,
        summary: 'Regenerate recovery codes (old ones stop working)',
        response: { 200: ZRecoveryCodesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!user.two_factor_secret)
        throw new AppError('not_found', 'Two factor authentication is not enabled.');
      const { codes, hashes } = newRecoveryCodes();
      await twoFactorRepository.setRecoveryCodes(db, user.id, hashes);
      return { recovery_codes: codes };
    },
  );
};
