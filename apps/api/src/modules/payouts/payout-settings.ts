import type { SettingsService } from '../settings/settings.service';
import type { TPayoutSettings } from './payouts.service';

/** The settings a run reads (catalogue, Subscriptions tab), read afresh for each run. */
export function payoutSettingsOf(settings: Pick<SettingsService, 'get'>): () => Promise<TPayoutSettings> {
  return async () => ({
    platformSharePercent: Number(await settings.get('payouts.platform_share_percent')),
    providerFeeBasisPoints: Number(await settings.get('payouts.provider_fee_basis_points')),
    providerFeeFixed: Number(await settings.get('payouts.provider_fee_fixed')),
    minimumPayout: Number(await settings.get('payouts.minimum_payout')),
    dailyPlayCap: Number(await settings.get('payouts.daily_play_cap')),
  });
}
