import { z } from 'zod';
import {
  AD_FRAME_MESSAGE_SOURCE,
  AD_HOST_MESSAGE_SOURCE,
  AD_SLOT_ADVICE,
  AD_SLOT_LABELS,
  AD_SLOTS,
  type TAdSlot,
} from './ads-constants';
import { lazySchema } from './lazy-schema';
import { settingsCatalogue } from './settings/catalogue';

export {
  AD_FRAME_MESSAGE_SOURCE,
  AD_HOST_MESSAGE_SOURCE,
  AD_SLOT_ADVICE,
  AD_SLOT_LABELS,
  AD_SLOTS,
  type TAdSlot,
};

export const ZAdSlotParamsSchema = lazySchema(() => z.object({ slot: z.enum(AD_SLOTS) }));

/** The ads page's form (`client.ads` of `POST api/v1/settings`): the catalogue's schemas of its keys. */
export const ZAdsSettingsSchema = lazySchema(() =>
  z.object({
    general_top: settingsCatalogue['ads.general_top'].schema,
    general_bottom: settingsCatalogue['ads.general_bottom'].schema,
    artist_top: settingsCatalogue['ads.artist_top'].schema,
    artist_bottom: settingsCatalogue['ads.artist_bottom'].schema,
    album_above: settingsCatalogue['ads.album_above'].schema,
    disable: settingsCatalogue['ads.disable'].schema,
    hide_for_subscribers: settingsCatalogue['ads.hide_for_subscribers'].schema,
  }),
);
export type TAdsSettings = z.infer<typeof ZAdsSettingsSchema>;
