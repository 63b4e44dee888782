import type { TAdsSettings } from '@cadence/contracts/ads';
import { AD_SLOTS, type TAdSlot } from '@cadence/contracts/ads-constants';

export { AD_SLOTS, type TAdSlot };

/**
 * The code of a slot from `settings.ads`, or null when ads are disabled, the slot is empty, or
 * the listener subscribes and `ads.hide_for_subscribers` is on (the Pro plan's "no ads").
 */
export function readAdHtml(settings: unknown, slot: TAdSlot, isSubscribed = false): string | null {
  // Typed from the ads page's contract, each value still checked: bootstrap data is not parsed.
  const ads = (settings as { ads?: Partial<Record<keyof TAdsSettings, unknown>> } | null)?.ads;
  if (!ads || ads.disable === true) return null;
  if (isSubscribed && ads.hide_for_subscribers !== false) return null;
  const html = ads[slot];
  return typeof html === 'string' && html.trim() !== '' ? html : null;
}
