import type { Env } from '../../env';
import { billingKeys, checkBillingSettings } from './credential-checks/billing';
import { analyticsKeys, checkAnalyticsSettings } from './credential-checks/formats';
import { checkMailSettings, type MailCheckContext, mailKeys } from './credential-checks/mail';
import { checkRecaptchaSettings, recaptchaKeys } from './credential-checks/recaptcha';
import type { NextValue } from './credential-checks/refuse';
import { checkSocialSettings, socialKeys } from './credential-checks/social';

export type CredentialCheckContext = {
  env: Env;
  /** Who receives the mail check's test message, built only when mail is checked. */
  mail: () => MailCheckContext;
};

type CredentialCheck = {
  group: string;
  keys: ReadonlySet<string>;
  check: (next: NextValue, changed: ReadonlySet<string>, context: CredentialCheckContext) => Promise<void>;
  /** Left out when the check does not apply (a mail URL set in the environment sends all mail). */
  applies?: (context: CredentialCheckContext) => boolean;
};

/**
 * One check per settings group with credentials (design section 1), in tab order. Live peers:
 * mail (an SMTP test message), billing (Stripe's SDK, PayPal's token call), social (Google's
 * discovery and token endpoint), recaptcha (the verification endpoint). By form only: the
 * analytics measurement ID and the other social apps. Storage, cache, queue,
 * websockets, logging, search and the provider apps' env-level keys are chosen at start and
 * refused by a save ("read from the ... environment variable"), so they have no check here: one
 * belongs with the first of them made storable (its reader then reads it at each use).
 */
export const credentialChecks: readonly CredentialCheck[] = [
  {
    group: 'billing',
    keys: billingKeys,
    check: (next, changed, { env }) => checkBillingSettings(next, changed, env),
  },
  {
    group: 'social',
    keys: socialKeys,
    check: (next, changed, { env }) => checkSocialSettings(next, changed, env),
  },
  {
    group: 'mail',
    keys: mailKeys,
    check: (next, _changed, { mail }) => checkMailSettings(next, mail()),
    applies: ({ env }) => !env.MAIL_URL,
  },
  { group: 'analytics', keys: analyticsKeys, check: (next) => checkAnalyticsSettings(next) },
  {
    group: 'recaptcha',
    keys: recaptchaKeys,
    check: (next, changed, { env }) => checkRecaptchaSettings(next, changed, env),
  },
];

/**
 * Runs the check of every group whose keys this save changes, one after the other, before
 * anything is written: the first failure throws the 422 and the save stops. Groups the save
 * leaves alone are never checked, so a broken peer elsewhere never blocks an unrelated save.
 */
export async function runCredentialChecks(
  changed: ReadonlySet<string>,
  next: NextValue,
  context: CredentialCheckContext,
): Promise<void> {
  for (const { keys, check, applies } of credentialChecks) {
    if (![...changed].some((key) => keys.has(key))) continue;
    if (applies && !applies(context)) continue;
    await check(next, changed, context);
  }
}
