import type {
  TLandingFeature as TContractFeature,
  TLandingSettings as TStoredLanding,
} from '@cadence/contracts/appearance';

/** A call to action as the appearance editor stores it (`landing.actions.cta*`). */
export type TLandingAction = TStoredLanding['actions']['cta1'];

/** A feature of either list; only the secondary ones carry a description. */
export type TLandingFeature = TContractFeature & { description?: string };

/**
 * What the landing page draws: the stored section (contracts' `ZLandingSchema`) with `{site}`
 * replaced, empty images and colours as null, and every part present even when the stored
 * value is missing or malformed.
 */
export type TLandingSettings = Omit<
  TStoredLanding,
  | 'header_image'
  | 'header_overlay_color_1'
  | 'header_overlay_color_2'
  | 'footer_image'
  | 'actions'
  | 'primary_features'
  | 'secondary_features'
> & {
  header_image: string | null;
  header_overlay_color_1: string | null;
  header_overlay_color_2: string | null;
  footer_image: string | null;
  actions: Partial<TStoredLanding['actions']>;
  primary_features: TLandingFeature[];
  secondary_features: TLandingFeature[];
};

const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
const list = (value: unknown): TLandingFeature[] =>
  Array.isArray(value)
    ? value.filter((item): item is TLandingFeature => typeof item?.title === 'string')
    : [];

/**
 * The appearance editor's landing sections (`settings.landing`), with `{site}` replaced by the
 * site name; anything missing or malformed becomes an empty section rather than a crash.
 */
export function readLandingSettings(settings: unknown, siteName: string): TLandingSettings {
  const raw = ((settings as { landing?: Record<string, unknown> } | null)?.landing ?? {}) as Record<
    string,
    unknown
  >;
  const site = (value: unknown) => text(value).replaceAll('{site}', siteName);
  const actions = (raw.actions ?? {}) as TLandingSettings['actions'];
  const opacity = Number(raw.header_image_opacity);
  return {
    header_title: site(raw.header_title),
    header_subtitle: site(raw.header_subtitle),
    header_image: text(raw.header_image) || null,
    header_image_opacity: Number.isFinite(opacity) ? Math.min(1, Math.max(0, opacity)) : 1,
    header_overlay_color_1: text(raw.header_overlay_color_1) || null,
    header_overlay_color_2: text(raw.header_overlay_color_2) || null,
    footer_title: site(raw.footer_title),
    footer_subtitle: site(raw.footer_subtitle),
    footer_image: text(raw.footer_image) || null,
    pricing_title: site(raw.pricing_title),
    pricing_subtitle: site(raw.pricing_subtitle),
    show_trending_artists: raw.show_trending_artists !== false,
    show_pricing: raw.show_pricing === true,
    actions,
    primary_features: list(raw.primary_features),
    secondary_features: list(raw.secondary_features),
  };
}
