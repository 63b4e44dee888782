import { ZUserResponseSchema } from '@cadence/contracts/account';
import {
  PASSWORD_RESET_LINK_SENT_MESSAGE,
  ZBootstrapDataResponseSchema,
  ZForgotPasswordPayloadSchema,
  ZLoginPayloadSchema,
  ZLoginResponseSchema,
  ZMessageResponseSchema,
  ZRecaptchaVerifyPayloadSchema,
  ZRecaptchaVerifyResponseSchema,
  ZRegisterPayloadSchema,
  ZRegisterResponseSchema,
  ZResendEmailVerificationPayloadSchema,
  ZResetPasswordPayloadSchema,
  ZTwoFactorChallengePayloadSchema,
  ZValidateEmailOtpPayloadSchema,
} from '@cadence/contracts/auth';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/access';
import * as authRepository from '../../platform/auth/auth.repository';
import { toUserDto } from '../../platform/auth/auth-user';
import { revokeSession } from '../../platform/auth/session-cache';
import { hashToken } from '../../platform/auth/tokens';
import { rotateXsrfToken, SESSION_COOKIE } from '../../platform/http/csrf';
import { bootstrapDataFor } from '../bootstrap/bootstrap.routes';
import * as accountRepository from './account.repository';
import { resendVerification, validateVerificationCode } from './email-verification';
import { login } from './login';
import { resetPassword, sendResetLink } from './password-reset';
import { rememberRecaptchaPass, verifyRecaptchaToken } from './recaptcha';
import { register } from './register';
import { clearSessionCookie } from './session-start';
import { MINUTE_MS, throttle } from './throttle';
import { completeTwoFactorChallenge } from './two-factor-challenge';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
  429: ZErrorEnvelopeSchema,
};
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign up',
        body: ZRegisterPayloadSchema,
        response: { 200: ZRegisterResponseSchema, ...errors },
      },
    },
    async (request, reply) => register(request, reply, request.body),
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Log in (two_factor or bootstrapData)',
        body: ZLoginPayloadSchema,
        response: { 200: ZLoginResponseSchema, ...errors },
      },
    },
    async (request, reply) => login(request, reply, request.body),
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Log out; answers fresh guest bootstrap data',
        response: { 200: ZBootstrapDataResponseSchema },
      },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) {
        const sessionId = hashToken(token);
        await revokeSession(app.deps, sessionId);
        // The session's open sockets (this tab's and the others') close with it, on every replica.
        if (request.user) await app.services.realtime.endSessions(request.user.id, [sessionId]);
      }
      clearSessionCookie(request, reply);
      rotateXsrfToken(request, reply);
      request.user = null;
      request.sessionId = null;
      request.authVia = null;
      return { bootstrapData: await bootstrapDataFor(request, reply) };
    },
  );

  app.post(
    '/auth/two-factor-challenge',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Second login step: code or recovery_code',
        body: ZTwoFactorChallengePayloadSchema,
        response: { 200: ZBootstrapDataResponseSchema, ...errors },
      },
    },
    async (request, reply) => completeTwoFactorChallenge(request, reply, request.body),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Mail a password reset link',
        body: ZForgotPasswordPayloadSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await sendResetLink(request, request.body.email);
      return { message: PASSWORD_RESET_LINK_SENT_MESSAGE };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Set a new password with a reset token',
        body: ZResetPasswordPayloadSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => resetPassword(request, request.body),
  );

  app.post(
    '/api/v1/resend-email-verification',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Mail a new email verification code',
        body: ZResendEmailVerificationPayloadSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await resendVerification(request, request.body.email);
      return { message: 'Email sent' };
    },
  );

  app.post(
    '/api/v1/validate-email-verification-otp',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Verify the email with the mailed 6-digit code',
        body: ZValidateEmailOtpPayloadSchema,
        response: { 200: ZUserResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await validateVerificationCode(request, user.id, request.body.code);
      const fresh = await accountRepository.findById(app.deps.db, user.id);
      return { user: toUserDto(await authRepository.loadAccess(app.deps.db, fresh ?? user)) };
    },
  );

  app.post(
    '/api/v1/recaptcha/verify',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Verify a reCAPTCHA token',
        body: ZRecaptchaVerifyPayloadSchema,
        response: { 200: ZRecaptchaVerifyResponseSchema, ...errors },
      },
    },
    async (request) => {
      await throttle(app.deps.rateLimitStore, [
        { key: `recaptcha:${request.ip}`, max: 30, windowMs: MINUTE_MS },
      ]);
      const success = await verifyRecaptchaToken(request, request.body.token);
      if (success) await rememberRecaptchaPass(request);
      return { success };
    },
  );
};
