import type { TClientSettings } from '@cadence/contracts/settings';
import { authRequests } from './auth-requests';

type TRecaptchaAction = keyof TClientSettings['recaptcha']['enable'];

interface TGrecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: TGrecaptcha;
  }
}

export const RECAPTCHA_FAILED_MESSAGE = 'Could not verify you are human.';

export function isRecaptchaEnabled(
  settings: Pick<TClientSettings, 'recaptcha'>,
  action: TRecaptchaAction,
): boolean {
  return Boolean(settings.recaptcha.site_key) && settings.recaptcha.enable[action];
}

let scriptPromise: Promise<TGrecaptcha> | null = null;

function loadRecaptcha(siteKey: string): Promise<TGrecaptcha> {
  scriptPromise ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const { grecaptcha } = window;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error('recaptcha did not load'));
    };
    script.onerror = () => {
      scriptPromise = null;
      reject(new Error('recaptcha did not load'));
    };
    document.head.append(script);
  });
  return scriptPromise;
}

/**
 * Spec 5: when recaptcha is configured for an action, verification must pass before the form
 * is sent. Resolves true when it passed (or is not configured), false otherwise.
 */
export async function verifyHuman(settings: Pick<TClientSettings, 'recaptcha'>, action: TRecaptchaAction) {
  if (!isRecaptchaEnabled(settings, action)) return true;
  try {
    const grecaptcha = await loadRecaptcha(settings.recaptcha.site_key);
    const token = await grecaptcha.execute(settings.recaptcha.site_key, { action });
    const { success } = await authRequests.verifyRecaptcha(token);
    return success;
  } catch {
    return false;
  }
}
