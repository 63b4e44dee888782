import { useTrans } from '@cadence/app-shell/use-trans';
import type { TChannel, TChannelContentModel } from '@cadence/contracts/channel';
import type { TPagination } from '@cadence/contracts/pagination';
import type { TSearchResponse } from '@cadence/contracts/search';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { TextField } from '@cadence/ui/text-field';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TContentItem } from './content-list';

const SEARCH_TYPES: Record<Exclude<TChannelContentModel, 'channel'>, keyof TSearchResponse['results']> = {
  track: 'tracks',
  album: 'albums',
  artist: 'artists',
  playlist: 'playlists',
  genre: 'genres',
  user: 'users',
};

async function searchCatalogue(
  model: TChannelContentModel,
  query: string,
  signal: AbortSignal,
): Promise<TContentItem[]> {
  if (model === 'channel') {
    const page = await apiClient.get<TPagination<TChannel>>('channels', {
      params: { query, perPage: 10 },
      signal,
    });
    return page.pagination.data.map((channel) => ({
      model_type: 'channel',
      model_id: channel.id,
      name: channel.name,
      image: null,
    }));
  }
  const tab = SEARCH_TYPES[model];
  const response = await apiClient.get<TSearchResponse>('search', {
    params: { query, types: tab, perPage: 10 },
    signal,
  });
  return (response.results[tab] ?? []).map((item) => {
    const record = item as {
      id: number;
      name: string;
      display_name?: string | null;
      image?: string | null;
      image_small?: string | null;
    };
    return {
      model_type: model,
      model_id: record.id,
      name: record.display_name ?? record.name,
      image: record.image ?? record.image_small ?? null,
    };
  });
}

/** Finds items of the channel's model across the catalogue (the player's search) to add to the list. */
export function ContentPicker({
  model,
  chosen,
  onAdd,
}: {
  model: TChannelContentModel;
  chosen: TContentItem[];
  onAdd: (item: TContentItem) => void;
}) {
  const { trans } = useTrans();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(draft.trim()), 250);
    return () => clearTimeout(timer);
  }, [draft]);
  const results = useQuery({
    queryKey: ['channel-picker', model, query],
    queryFn: ({ signal }) => searchCatalogue(model, query, signal),
    enabled: query.length > 0,
  });
  const isChosen = (item: TContentItem) =>
    chosen.some((c) => c.model_type === item.model_type && c.model_id === item.model_id);
  return (
    <div className="flex flex-col gap-2">
      <TextField
        type="search"
        label={trans('Find :model to add', { model: trans(`${model}s`) })}
        value={draft}
        onChange={setDraft}
      />
      {query && (
        <ul
          className="flex max-h-72 flex-col gap-1 overflow-y-auto"
          aria-label={trans('Search results')}
          data-testid="picker-results"
        >
          {(results.data ?? []).map((item) => (
            <li key={`${item.model_type}:${item.model_id}`} className="flex items-center gap-3 px-1 py-1">
              <span className="min-w-0 flex-1 truncate">{item.name}</span>
              <Button
                size="sm"
                variant="outline"
                isDisabled={isChosen(item)}
                onPress={() => onAdd(item)}
                aria-label={
                  isChosen(item)
                    ? trans('Added :name', { name: item.name })
                    : trans('Add :name', { name: item.name })
                }
              >
                {isChosen(item) ? trans('Added') : trans('Add')}
              </Button>
            </li>
          ))}
          {results.data?.length === 0 && <li className="text-sm text-muted">{trans('No results')}</li>}
        </ul>
      )}
    </div>
  );
}
