import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { ZMenuItemSchema } from './menu';

export const ZRegistrationPolicySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    label: z.string(),
    type: z.enum(['link', 'route']).default('link'),
    action: z.string(),
  }),
);
export type TRegistrationPolicy = z.infer<typeof ZRegistrationPolicySchema>;

const enableFlag = lazySchema(() => z.object({ enable: z.boolean() }));

/**
 * Spec 3 "Settings read": what the apps receive in bootstrap data. The store keeps flat dotted
 * keys (`branding.site_name`); bootstrap data nests them. Keys the apps do not know yet pass through.
 */
export const ZClientSettingsSchema = lazySchema(() =>
  z.looseObject({
    base_url: z.string(),
    require_email_confirmation: z.boolean(),
    dates: z.looseObject({ default_timezone: z.string() }),
    cookie_notice: z.object({
      enable: z.boolean(),
      position: z.enum(['top', 'bottom']),
      button: ZMenuItemSchema.partial().nullable(),
    }),
    themes: z.looseObject({ default_id: z.number(), user_change: z.boolean() }),
    branding: z.looseObject({
      site_name: z.string(),
      site_description: z.string(),
      logo_light: z.string(),
      logo_dark: z.string(),
      logo_light_mobile: z.string(),
      logo_dark_mobile: z.string(),
      favicon: z.string(),
    }),
    registration: z.object({ disable: z.boolean(), policies: z.array(ZRegistrationPolicySchema) }),
    social: z.looseObject({
      google: enableFlag,
      facebook: enableFlag,
      twitter: enableFlag,
      envato: enableFlag,
      compact_buttons: z.boolean(),
    }),
    recaptcha: z.object({
      site_key: z.string(),
      enable: z.object({ register: z.boolean(), contact: z.boolean() }),
    }),
    billing: z.looseObject({ enable: z.boolean(), integrated: z.boolean() }),
    notifications: z.looseObject({ integrated: z.boolean() }),
    api: z.looseObject({ integrated: z.boolean() }),
    uploads: z.looseObject({
      chunk_size: z.number(),
      uploads_driver: z.string(),
      public_driver: z.string(),
      s3_direct_upload: z.boolean(),
      disable_tus: z.boolean(),
    }),
    site: z.looseObject({ demo: z.boolean() }),
    demo: z.object({ email: z.string(), password: z.string() }).optional(),
    i18n: z.looseObject({ enable: z.boolean(), default_localization: z.string() }),
    homepage: z.object({ type: z.string(), value: z.string().nullable() }),
  }),
);
export type TClientSettings = z.infer<typeof ZClientSettingsSchema>;
