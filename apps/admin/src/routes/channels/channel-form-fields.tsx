import { FormCheckbox, FormSelect, FormTextarea, FormTextField } from '@cadence/admin-kit/form-fields';
import { useTrans } from '@cadence/app-shell/use-trans';
import {
  AUTO_METHODS_BY_MODEL,
  CHANNEL_CONTENT_MODELS,
  CHANNEL_LAYOUTS,
  CHANNEL_ORDERS,
  CHANNEL_PAGINATIONS,
  type TChannelPayload,
  ZChannelPayloadSchema,
} from '@cadence/contracts/channel';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';

/** The contract's payload, with an emptied slug meaning "make one from the name". */
export const ZChannelFormSchema = ZChannelPayloadSchema.extend({
  slug: z.preprocess((value) => (value === '' ? undefined : value), ZChannelPayloadSchema.shape.slug),
});
export type TChannelForm = z.input<typeof ZChannelFormSchema>;

const LABELS: Record<string, string> = {
  manual: 'Manual: pick the items',
  auto: 'Auto-update: a list kept up to date',
  list_all: 'List all: every item of the model',
  grid: 'Grid',
  carousel: 'Carousel',
  track_table: 'Track table',
  list: 'List',
  'popularity:desc': 'Most popular first',
  'created_at:desc': 'Newest first',
  'name:asc': 'Name (A-Z)',
  'release_date:desc': 'Latest release first',
  infinite_scroll: 'Load more on scroll',
  load_more: 'A "Load more" button',
  none: 'First page only',
  popular_tracks: 'Popular tracks',
  new_releases: 'New releases',
  popular_albums: 'Popular albums',
  popular_artists: 'Popular artists',
  popular_playlists: 'Popular playlists',
  top_genres: 'Top genres',
  top_users: 'Top users',
};

/** Every option of the channels engine (music-domain.md "Discovery"), shown when it applies. */
export function ChannelFormFields() {
  const { trans } = useTrans();
  const { setValue } = useFormContext<TChannelForm>();
  const config = useWatch<TChannelForm, 'config'>({ name: 'config' }) as TChannelPayload['config'];
  const options = (values: readonly string[]) =>
    values.map((value) => ({ value, label: trans(LABELS[value] ?? value) }));
  const methods: readonly string[] = AUTO_METHODS_BY_MODEL[config.content_model];
  // A new model keeps the form valid: its first automatic list, and manual for channels of channels.
  useEffect(() => {
    if (config.content_type === 'auto' && !methods.includes(config.auto_method ?? ''))
      setValue('config.auto_method', (methods[0] ?? null) as TChannelPayload['config']['auto_method']);
    if (config.content_model === 'channel' && config.content_type !== 'manual')
      setValue('config.content_type', 'manual');
  }, [config.content_type, config.content_model, config.auto_method, methods, setValue]);
  return (
    <>
      <FormTextField<TChannelForm> name="name" label={trans('Name')} isRequired />
      <FormTextField<TChannelForm>
        name="slug"
        label={trans('Slug')}
        description={trans('The address: /channel/slug. Leave empty to make one from the name.')}
      />
      <FormTextarea<TChannelForm> name="description" label={trans('Description')} />
      <FormSelect<TChannelForm>
        name="config.content_model"
        label={trans('Content model')}
        options={CHANNEL_CONTENT_MODELS.map((value) => ({ value, label: trans(`${value}s`) }))}
      />
      <FormSelect<TChannelForm>
        name="config.content_type"
        label={trans('Content type')}
        options={options(config.content_model === 'channel' ? ['manual'] : ['manual', 'auto', 'list_all'])}
      />
      {config.content_type === 'auto' && (
        <FormSelect<TChannelForm>
          name="config.auto_method"
          label={trans('Auto-update method')}
          options={options(methods)}
        />
      )}
      {config.content_type === 'list_all' && (
        <FormSelect<TChannelForm>
          name="config.order"
          label={trans('Order')}
          options={options(CHANNEL_ORDERS)}
        />
      )}
      <FormSelect<TChannelForm>
        name="config.layout"
        label={trans('Layout')}
        options={options(CHANNEL_LAYOUTS)}
      />
      <FormSelect<TChannelForm>
        name="config.restriction"
        label={trans('Restrict by')}
        options={[
          { value: '', label: trans('No restriction') },
          { value: 'genre', label: trans('Genre (/channel/slug/genre-name)') },
          { value: 'tag', label: trans('Tag (/channel/slug/tag-name)') },
        ]}
      />
      <FormSelect<TChannelForm>
        name="config.pagination"
        label={trans('Pagination')}
        options={options(CHANNEL_PAGINATIONS)}
      />
      <FormCheckbox<TChannelForm> name="config.hide_title" label={trans('Hide the title')} />
      <FormTextField<TChannelForm> name="config.seo_title" label={trans('SEO title')} />
      <FormTextarea<TChannelForm> name="config.seo_description" label={trans('SEO description')} />
    </>
  );
}
