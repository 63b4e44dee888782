import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { FormCheckbox, FormTextarea } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { fetchBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import {
  AD_SLOT_ADVICE,
  AD_SLOT_LABELS,
  AD_SLOTS,
  type TAdsSettings,
  ZAdsSettingsSchema,
} from '@cadence/contracts/ads';
import type { TSettingsResponse } from '@cadence/contracts/settings-api';
import { apiClient } from '@cadence/http-client/http-client';
import { Spinner } from '@cadence/ui/spinner';
import { useQuery, useQueryClient } from '@tanstack/react-query';

function readAds(settings: TSettingsResponse): TAdsSettings {
  const ads = (settings.client.ads ?? {}) as Partial<Record<keyof TAdsSettings, unknown>>;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    general_top: text(ads.general_top),
    general_bottom: text(ads.general_bottom),
    artist_top: text(ads.artist_top),
    artist_bottom: text(ads.artist_bottom),
    album_above: text(ads.album_above),
    disable: ads.disable === true,
    hide_for_subscribers: ads.hide_for_subscribers !== false,
  };
}

function AdsForm({ initial }: { initial: TAdsSettings }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const adminForm = useAdminForm({
    schema: ZAdsSettingsSchema,
    defaultValues: initial,
    submit: (ads) => apiClient.post('settings', { client: { ads } }),
    successMessage: trans('Saved'),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
      void fetchBootstrapData().catch(() => {});
    },
  });
  return (
    <AdminForm adminForm={adminForm} className="flex max-w-3xl flex-col gap-6">
      {AD_SLOTS.map((slot) => (
        <FormTextarea<TAdsSettings>
          key={slot}
          name={slot}
          label={trans(AD_SLOT_LABELS[slot])}
          description={trans(AD_SLOT_ADVICE[slot])}
          rows={6}
        />
      ))}
      <FormCheckbox<TAdsSettings>
        name="hide_for_subscribers"
        label={trans('Hide ads from subscribers')}
        description={trans('People with a valid subscription see no ads.')}
      />
      <FormCheckbox<TAdsSettings>
        name="disable"
        label={trans('Disable ads')}
        description={trans('Hide every ad without removing its code.')}
      />
      <div>
        <SubmitButton />
      </div>
    </AdminForm>
  );
}

/** /admin/ads (settings.update): the five slots of spec 2.12 with their advice. */
export function AdsPage() {
  const { trans } = useTrans();
  const settings = useQuery({
    queryKey: ['admin-settings'],
    queryFn: () => apiClient.get<TSettingsResponse>('settings'),
  });
  return (
    <section className="flex flex-col gap-4" data-testid="ads-page">
      <h1 className="text-2xl font-semibold">{trans('Ads')}</h1>
      <p className="max-w-3xl text-sm text-muted">
        {trans(
          'Paste the code your ad network gives you. Each ad runs in a frame of its own: its scripts work, but they cannot read or change the site.',
        )}
      </p>
      {settings.data ? (
        <AdsForm initial={readAds(settings.data)} />
      ) : settings.isError ? (
        <p role="alert">{trans('There was an issue loading this page')}</p>
      ) : (
        <Spinner label={trans('Loading...')} />
      )}
    </section>
  );
}
