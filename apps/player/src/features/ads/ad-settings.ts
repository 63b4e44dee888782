export const AD_SLOTS = [
  'general_top',
  'general_bottom',
  'artist_top',
  'artist_bottom',
  'album_above',
] as const;
export type TAdSlot = (typeof AD_SLOTS)[number];

/** The HTML of a slot from `settings.ads`, or null when ads are disabled or the slot is empty. */
export function readAdHtml(settings: unknown, slot: TAdSlot): string | null {
  const ads = (settings as { ads?: Record<string, unknown> } | null)?.ads;
  if (!ads || ads.disable === true) return null;
  const html = ads[slot];
  return typeof html === 'string' && html.trim() !== '' ? html : null;
}
