import type { TContactPayload } from '@cadence/contracts/contact';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../../platform/http/app-error';
import { RECAPTCHA_FAILED_MESSAGE } from '../auth/auth-messages';
import { consumeRecaptchaPass, verifyRecaptchaToken } from '../auth/recaptcha';
import { MINUTE_MS, throttle } from '../auth/throttle';
import { contactMessageMail } from './contact-message.mail';

/** Spec 5: when recaptcha is configured for contact, verification must pass first. */
async function passesRecaptcha(request: FastifyRequest, token: string | undefined): Promise<boolean> {
  const { settings } = request.server.services;
  if (!(await settings.get('recaptcha.enable.contact'))) return true;
  if (!(await settings.get('recaptcha.secret_key'))) return true;
  if (await consumeRecaptchaPass(request)) return true;
  return token ? verifyRecaptchaToken(request, token) : false;
}

/** Where messages go: the contact address, else the site's own sender address. */
async function contactAddress(request: FastifyRequest): Promise<string> {
  const { settings } = request.server.services;
  const configured = String((await settings.get('mail.contact_page_address')) ?? '').trim();
  if (configured) return configured;
  const from = String((await settings.get('mail_from_address')) ?? '').trim();
  if (from) return from;
  return `no-reply@${new URL(request.server.deps.env.APP_URL).hostname}`;
}

export async function sendContactMessage(request: FastifyRequest, message: TContactPayload): Promise<void> {
  const { rateLimitStore } = request.server.deps;
  await throttle(rateLimitStore, [
    { key: `contact:${request.ip}`, max: 5, windowMs: 10 * MINUTE_MS },
    { key: `contact:${message.email.toLowerCase()}`, max: 5, windowMs: 10 * MINUTE_MS },
  ]);
  if (!(await passesRecaptcha(request, message.recaptcha_token))) {
    throw validationError({ recaptcha: RECAPTCHA_FAILED_MESSAGE });
  }
  const siteName = String(await request.server.services.settings.get('branding.site_name'));
  await request.server.mailer.send(contactMessageMail(await contactAddress(request), message, siteName));
}
