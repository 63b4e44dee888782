import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { adminListKey } from '@cadence/admin-kit/use-admin-list';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TChannel, TChannelEditResponse } from '@cadence/contracts/channel';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { Checkbox } from '@cadence/ui/checkbox';
import { Spinner } from '@cadence/ui/spinner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { ChannelFormFields, type TChannelForm, ZChannelFormSchema } from './channel-form-fields';
import { ChannelPreview } from './channel-preview';
import { ContentList, type TContentItem } from './content-list';
import { ContentPicker } from './content-picker';

const EMPTY: TChannelForm = {
  name: '',
  slug: '',
  description: '',
  config: {
    content_type: 'manual',
    content_model: 'album',
    auto_method: null,
    order: 'popularity:desc',
    layout: 'grid',
    hide_title: false,
    seo_title: null,
    seo_description: null,
    restriction: null,
    pagination: 'infinite_scroll',
  },
};

type TSaved = { channel: TChannel; dropped: { model_type: string; model_id: number }[] };

function Editor({ loaded }: { loaded?: TChannelEditResponse }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<TContentItem[]>(loaded?.content ?? []);
  const [placement, setPlacement] = useState(loaded?.placement ?? { home: false, sidebar: false });
  const channel = loaded?.channel;
  const adminForm = useAdminForm({
    schema: ZChannelFormSchema,
    defaultValues: channel
      ? {
          name: channel.name,
          slug: channel.slug,
          description: channel.description ?? '',
          config: channel.config,
        }
      : EMPTY,
    submit: async (values) => {
      const isManual = values.config.content_type === 'manual';
      const body = {
        ...values,
        content: isManual ? items.map(({ model_type, model_id }) => ({ model_type, model_id })) : undefined,
      };
      const saved = channel
        ? await apiClient.put<TSaved>(`channels/${channel.id}`, body)
        : await apiClient.post<TSaved>('channels', body);
      const wasPlaced = loaded?.placement ?? { home: false, sidebar: false };
      if (placement.home !== wasPlaced.home || placement.sidebar !== wasPlaced.sidebar)
        await apiClient.put(`channels/${saved.channel.id}/placement`, placement);
      return saved;
    },
    successMessage: channel ? trans('Channel saved') : trans('Channel created'),
    onSuccess: (saved) => {
      if (saved.dropped.length > 0)
        toast.danger(
          trans(
            '{count, plural, one {# item no longer exists and was left out.} other {# items no longer exist and were left out.}}',
            { count: String(saved.dropped.length) },
          ),
        );
      void queryClient.invalidateQueries({ queryKey: adminListKey('channels') });
      void queryClient.invalidateQueries({ queryKey: ['channel-edit'] });
      navigate(`/channels/${saved.channel.slug}/edit`, { replace: true });
    },
  });
  const values = useWatch({ control: adminForm.form.control }) as TChannelForm;
  const model = values.config?.content_model ?? 'album';
  const isManual = values.config?.content_type === 'manual';
  // Items of another model than the one chosen stay listed but the engine shows them all; keep the list honest.
  useEffect(() => {
    setItems((current) => current.filter((item) => item.model_type === model));
  }, [model]);
  const previewPayload = {
    ...values,
    slug: values.slug || undefined,
    content: isManual ? items.map(({ model_type, model_id }) => ({ model_type, model_id })) : undefined,
  };
  return (
    <div className="grid gap-8 xl:grid-cols-2">
      <AdminForm adminForm={adminForm} className="flex max-w-2xl flex-col gap-4">
        <ChannelFormFields />
        {isManual && (
          <fieldset className="flex flex-col gap-3 rounded-panel border border-divider p-4">
            <legend className="px-1 text-sm font-medium">{trans('Content')}</legend>
            <ContentPicker
              model={model}
              chosen={items}
              onAdd={(item) => setItems((current) => [...current, item])}
            />
            <ContentList items={items} onChange={setItems} />
          </fieldset>
        )}
        <fieldset className="flex flex-col gap-2 rounded-panel border border-divider p-4">
          <legend className="px-1 text-sm font-medium">{trans('Show this channel')}</legend>
          <Checkbox isSelected={placement.home} onChange={(home) => setPlacement((p) => ({ ...p, home }))}>
            {trans('As the home page')}
          </Checkbox>
          <Checkbox
            isSelected={placement.sidebar}
            onChange={(sidebar) => setPlacement((p) => ({ ...p, sidebar }))}
          >
            {trans('In the player sidebar')}
          </Checkbox>
        </fieldset>
        <div>
          <SubmitButton>{channel ? trans('Save') : trans('Create channel')}</SubmitButton>
        </div>
      </AdminForm>
      <ChannelPreview payload={previewPayload} id={channel?.id} />
    </div>
  );
}

/** /admin/channels/new and /admin/channels/{slugOrId}/edit. */
export function ChannelEditorPage() {
  const { trans } = useTrans();
  const { slugOrId } = useParams();
  const loaded = useQuery({
    queryKey: ['channel-edit', slugOrId],
    queryFn: ({ signal }) => apiClient.get<TChannelEditResponse>(`channels/${slugOrId}`, { signal }),
    enabled: !!slugOrId,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{slugOrId ? trans('Edit channel') : trans('New channel')}</h1>
        <div className="flex gap-4 text-sm">
          <Link className="text-primary hover:underline" to="/channels/docs">
            {trans('Channels documentation')}
          </Link>
          <Link className="text-primary hover:underline" to="/channels">
            {trans('All channels')}
          </Link>
        </div>
      </div>
      {!slugOrId ? (
        <Editor />
      ) : loaded.isPending ? (
        <Spinner />
      ) : loaded.isError ? (
        <p className="text-danger">
          {isHttpError(loaded.error) ? loaded.error.message : trans('Channel not found.')}
        </p>
      ) : (
        <Editor key={loaded.data.channel.updated_at} loaded={loaded.data} />
      )}
    </section>
  );
}
