import { z } from 'zod';

/** Spec 2.12: the five ad slots, in the order the admin's ads page lists them, with their advice. */
export const AD_SLOTS = [
  'general_top',
  'general_bottom',
  'artist_top',
  'artist_bottom',
  'album_above',
] as const;
export type TAdSlot = (typeof AD_SLOTS)[number];

export const AD_SLOT_ADVICE: Record<TAdSlot, string> = {
  general_top:
    'This ad will appear at the top of most pages. Best size is 150px height or less, or responsive.',
  general_bottom:
    'This ad will appear at the bottom of most pages. Best size is 150px height or less, or responsive.',
  artist_top:
    'This ad will appear on the artist page only, below the page header. Best size is 1000px width or less, or responsive.',
  artist_bottom:
    'This ad will appear on the artist page only, below similar artists. Best size is 430px width or less, or responsive.',
  album_above:
    'This ad will appear on the album page only, above the album tracks. Best size is as wide as possible, or responsive.',
};

export const ZAdSlotParamsSchema = z.object({ slot: z.enum(AD_SLOTS) });

/** What an ad frame posts to the page that holds it: its content height, nothing else. */
export const AD_FRAME_MESSAGE_SOURCE = 'cadence-ad-frame';
/** What the page posts to an ad frame once it has loaded: "report your height again". */
export const AD_HOST_MESSAGE_SOURCE = 'cadence-ad-host';

/** The ads page's form (`client.ads` of `POST api/v1/settings`). */
export const ZAdsSettingsSchema = z.object({
  general_top: z.string().max(20_000),
  general_bottom: z.string().max(20_000),
  artist_top: z.string().max(20_000),
  artist_bottom: z.string().max(20_000),
  album_above: z.string().max(20_000),
  disable: z.boolean(),
  hide_for_subscribers: z.boolean(),
});
export type TAdsSettings = z.infer<typeof ZAdsSettingsSchema>;
