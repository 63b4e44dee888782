import { ChannelSections } from '@cadence/app-shell/channels/channel-sections';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TChannelPayload, TChannelResponse } from '@cadence/contracts/channel';
import { ZChannelPayloadSchema } from '@cadence/contracts/channel';
import { apiClient } from '@cadence/http-client/http-client';
import { Spinner } from '@cadence/ui/spinner';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PreviewItems } from './preview-items';

/**
 * What the player will show for the channel as it stands in the form (saved or not): the
 * api renders the unsaved channel (`channels/preview`), laid out by the sections the player uses.
 * Inert: a preview is to look at, its links and play buttons belong to the player.
 */
export function ChannelPreview({ payload, id }: { payload: unknown; id?: number }) {
  const { trans } = useTrans();
  const [debounced, setDebounced] = useState(payload);
  const key = JSON.stringify(payload);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(payload), 400);
    return () => clearTimeout(timer);
  }, [key]);
  const parsed = ZChannelPayloadSchema.safeParse(debounced);
  const preview = useQuery({
    queryKey: ['channel-preview', parsed.success ? parsed.data : null, id],
    queryFn: ({ signal }) =>
      apiClient.post<TChannelResponse>(
        'channels/preview',
        { ...(parsed.data as TChannelPayload), ...(id ? { id } : {}) },
        { signal },
      ),
    enabled: parsed.success,
    placeholderData: keepPreviousData,
  });
  return (
    <section
      aria-labelledby="channel-preview-title"
      className="flex flex-col gap-3"
      data-testid="channel-preview"
    >
      <h2 id="channel-preview-title" className="text-lg font-semibold">
        {trans('Preview')}
      </h2>
      {!parsed.success ? (
        <p className="text-sm text-muted">{trans('Fill in the form to see a preview.')}</p>
      ) : preview.isPending ? (
        <Spinner />
      ) : preview.data ? (
        <div inert className="rounded-panel border border-divider p-4">
          {!preview.data.channel.config.hide_title && (
            <h3 className="mb-4 text-2xl font-bold">{preview.data.channel.name}</h3>
          )}
          <ChannelSections
            channel={preview.data.channel}
            renderItems={(props) => <PreviewItems {...props} />}
            renderEmpty={({ title, description }) => (
              <p className="text-sm text-muted">
                {title}: {description}
              </p>
            )}
          />
        </div>
      ) : (
        <p className="text-sm text-danger">{trans('The preview could not be loaded.')}</p>
      )}
    </section>
  );
}
