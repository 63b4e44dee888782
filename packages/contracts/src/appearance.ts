import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { ZMenuSchema } from './menu';
import { unknownSeoPlaceholderMessage, unknownSeoPlaceholders } from './seo-placeholders';
import { ZThemeSchema } from './theme';

/** Design "settings-and-permissions" 6: one head template per page, overridden by `seo.<page>`. */
export const SEO_TEMPLATE_KEYS = [
  'artist_page',
  'album_page',
  'track_page',
  'playlist_page',
  'landing_page',
  'channel_page',
  'user_profile_page',
  'search_page',
] as const;
export type TSeoTemplateKey = (typeof SEO_TEMPLATE_KEYS)[number];

const landingAction = lazySchema(() =>
  z.object({
    label: z.string().max(100),
    type: z.enum(['route', 'link']),
    action: z.string().max(500),
  }),
);
const landingFeature = lazySchema(() =>
  z.object({
    title: z.string().max(200),
    subtitle: z.string().max(200),
    image: z.string().max(500),
  }),
);

/** Design 4 "Landing page" (`landing`), in page order. */
export const ZLandingSchema = lazySchema(() =>
  z.object({
    header_title: z.string(),
    header_subtitle: z.string(),
    header_image: z.string(),
    header_image_opacity: z.number().min(0).max(1),
    header_overlay_color_1: z.string(),
    header_overlay_color_2: z.string(),
    footer_title: z.string(),
    footer_subtitle: z.string(),
    footer_image: z.string(),
    pricing_title: z.string(),
    pricing_subtitle: z.string(),
    show_trending_artists: z.boolean(),
    show_pricing: z.boolean(),
    actions: z.object({
      input_text: z.string(),
      input_button: z.string(),
      cta1: landingAction,
      cta2: landingAction,
      cta3: landingAction,
    }),
    primary_features: z.array(landingFeature),
    secondary_features: z.array(landingFeature.extend({ description: z.string().max(2000) })),
  }),
);
export type TLandingSettings = z.infer<typeof ZLandingSchema>;
export type TLandingFeature = z.infer<typeof landingFeature>;

const cssVariable = lazySchema(() =>
  z.string().regex(/^--be-[a-z0-9-]+$/, 'A style variable starts with --be-.'),
);

/** A site theme in the editor: `id` null until it is saved. */
export const ZAppearanceThemeSchema = lazySchema(() =>
  z.object({
    id: z.int().positive().nullable(),
    name: z.string().trim().min(1).max(100),
    is_dark: z.boolean(),
    default_light: z.boolean(),
    default_dark: z.boolean(),
    values: z.record(cssVariable, z.string().max(500)),
  }),
);
export type TAppearanceTheme = z.infer<typeof ZAppearanceThemeSchema>;

const path = lazySchema(() => z.string().max(500));

/** What the appearance editor edits (design 2 "Outside the tabs"); the site name is env-level. */
export const ZAppearanceSettingsSchema = lazySchema(() =>
  z.object({
    branding: z.object({
      site_description: z.string().max(1000),
      logo_light: path,
      logo_dark: path,
      logo_light_mobile: path,
      logo_dark_mobile: path,
      favicon: path,
    }),
    custom_code: z.object({ css: z.string().max(100_000), html: z.string().max(100_000) }),
    themes: z.object({ default_id: z.int().min(0), user_change: z.boolean() }),
    landing: ZLandingSchema,
    menus: z.array(ZMenuSchema),
    /** Overrides; null keeps (or resets to) the shipped template. */
    seo: z
      .object(
        Object.fromEntries(
          SEO_TEMPLATE_KEYS.map((key) => [key, z.string().max(20_000).nullable()]),
        ) as Record<TSeoTemplateKey, z.ZodNullable<z.ZodString>>,
      )
      .superRefine((seo, ctx) => {
        for (const key of SEO_TEMPLATE_KEYS) {
          const unknown = unknownSeoPlaceholders(key, seo[key] ?? '')[0];
          if (unknown === undefined) continue;
          ctx.addIssue({ code: 'custom', path: [key], message: unknownSeoPlaceholderMessage(key, unknown) });
        }
      }),
  }),
);
export type TAppearanceSettings = z.infer<typeof ZAppearanceSettingsSchema>;

function countOf(themes: TAppearanceTheme[], flag: 'default_light' | 'default_dark') {
  return themes.filter((theme) => theme[flag]).length;
}

/** `POST /api/v1/appearance` (appearance.update): everything the editor saves, in one write. */
export const ZAppearancePayloadSchema = lazySchema(() =>
  z
    .object({
      settings: ZAppearanceSettingsSchema,
      themes: z.array(ZAppearanceThemeSchema).min(1, 'Keep at least one theme.').max(50),
    })
    .superRefine((payload, ctx) => {
      if (countOf(payload.themes, 'default_light') > 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['themes'],
          message: 'Only one theme can be the default light theme.',
        });
      }
      if (countOf(payload.themes, 'default_dark') > 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['themes'],
          message: 'Only one theme can be the default dark theme.',
        });
      }
    }),
);
export type TAppearancePayload = z.infer<typeof ZAppearancePayloadSchema>;

export const ZAppearanceResponseSchema = lazySchema(() =>
  z.object({
    site_name: z.string(),
    settings: ZAppearanceSettingsSchema,
    themes: z.array(ZThemeSchema),
  }),
);
export type TAppearanceResponse = z.infer<typeof ZAppearanceResponseSchema>;

/** The source every editor message carries (spec 5 "Appearance editor frame messages"). */
export const APPEARANCE_EDITOR_SOURCE = 'be-appearance-editor';

/** The preview's one message to the editor: `{source, type: 'ready'}` once it listens. */
export const APPEARANCE_PREVIEW_SOURCE = 'be-appearance-preview';

/** Messages the editor posts to the preview frame; anything else is ignored by the player. */
export const ZAppearanceEditorMessageSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({
      source: z.literal(APPEARANCE_EDITOR_SOURCE),
      type: z.literal('setValues'),
      values: z.object({
        settings: z.record(z.string(), z.unknown()).optional(),
        menus: z.array(ZMenuSchema).optional(),
        themes: z.array(ZThemeSchema).optional(),
      }),
    }),
    z.object({
      source: z.literal(APPEARANCE_EDITOR_SOURCE),
      type: z.literal('setThemeValue'),
      themeId: z.number(),
      name: cssVariable,
      value: z.string(),
    }),
    z.object({
      source: z.literal(APPEARANCE_EDITOR_SOURCE),
      type: z.literal('setThemeFont'),
      themeId: z.number(),
      fontFamily: z.string(),
    }),
    z.object({
      source: z.literal(APPEARANCE_EDITOR_SOURCE),
      type: z.literal('setActiveTheme'),
      themeId: z.number(),
    }),
    z.object({
      source: z.literal(APPEARANCE_EDITOR_SOURCE),
      type: z.literal('setCustomCode'),
      mode: z.enum(['css', 'html']),
      value: z.string(),
    }),
  ]),
);
export type TAppearanceEditorMessage = z.infer<typeof ZAppearanceEditorMessageSchema>;
