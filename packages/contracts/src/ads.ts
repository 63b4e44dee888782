import { z } from 'zod';
import {
  AD_FRAME_MESSAGE_SOURCE,
  AD_HOST_MESSAGE_SOURCE,
  AD_SLOT_ADVICE,
  AD_SLOTS,
  type TAdSlot,
} from './ads-constants';

export { AD_FRAME_MESSAGE_SOURCE, AD_HOST_MESSAGE_SOURCE, AD_SLOT_ADVICE, AD_SLOTS, type TAdSlot };

export const ZAdSlotParamsSchema = z.object({ slot: z.enum(AD_SLOTS) });

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
