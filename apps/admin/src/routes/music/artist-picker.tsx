import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAdminArtistRow, TKeysetPage } from '@cadence/contracts/admin-catalogue';
import { apiClient } from '@cadence/http-client/http-client';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';

export type TPickedArtist = { id: number; name: string };

/** The catalogue's artists whose name matches, first by name: the admin may credit any artist. */
export const artistSearchQuery = (query: string) => ({
  queryKey: ['admin-artist-picker', query],
  queryFn: async () =>
    (
      await apiClient.get<TKeysetPage<TAdminArtistRow>>('admin/artists', {
        params: { perPage: 20, orderBy: 'name', orderDir: 'asc', ...(query ? { query } : {}) },
      })
    ).pagination.data.map(({ id, name }) => ({ id, name })),
});

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * A searchable combobox over the catalogue's artists (admin/artists search): typing filters on
 * the server, arrows and Enter pick one, Escape closes the list.
 */
export function ArtistPicker({
  value,
  onChange,
  label,
  description,
}: {
  value: TPickedArtist | null;
  onChange: (artist: TPickedArtist | null) => void;
  label: string;
  description?: string;
}) {
  const { trans } = useTrans();
  const [text, setText] = useState(value?.name ?? '');
  const typed = text.trim();
  // The chosen artist's own name is not a search: show the whole list again.
  const wanted = value && typed === value.name ? '' : typed;
  const query = useDebounced(wanted, 250);
  const results = useQuery(artistSearchQuery(query));
  // Rows of an older search are never offered: Enter must not pick what no longer matches.
  const isSearching = query !== wanted || results.isPending;
  const found = isSearching ? [] : (results.data ?? []);
  // The chosen artist stays in the collection so the combobox keeps showing its name.
  const items = value && !found.some((artist) => artist.id === value.id) ? [value, ...found] : found;
  return (
    <ComboBox
      className="flex max-w-md flex-col gap-1"
      items={items}
      selectedKey={value ? value.id : null}
      inputValue={text}
      onInputChange={setText}
      onSelectionChange={(key) => {
        const artist = items.find((candidate) => candidate.id === key) ?? null;
        onChange(artist);
        if (artist) setText(artist.name);
      }}
      allowsEmptyCollection
      isRequired
      data-testid="artist-picker"
    >
      <Label className="text-sm font-medium text-fg">
        {label}
        <span aria-hidden="true" className="ml-0.5 text-danger">
          *
        </span>
      </Label>
      <div className="relative">
        <Input
          placeholder={trans('Search artists')}
          className="h-10 w-full rounded-input border border-divider bg-transparent pr-10 pl-3 text-sm text-fg outline-none placeholder:text-muted data-focused:border-primary data-focused:ring-3 data-focused:ring-focus"
        />
        <Button
          aria-label={trans('Show artists')}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted outline-none data-focus-visible:ring-3 data-focus-visible:ring-focus"
        >
          <ChevronDown className="size-4" aria-hidden="true" />
        </Button>
      </div>
      {description && (
        <Text slot="description" className="text-xs text-muted">
          {description}
        </Text>
      )}
      <Popover
        placement="bottom start"
        className="w-(--trigger-width) overflow-auto rounded-panel bg-paper shadow-xl ring-1 ring-divider"
      >
        <ListBox<TPickedArtist>
          className="max-h-72 p-1 outline-none"
          renderEmptyState={() => (
            <p className="px-3 py-2 text-sm text-muted">
              {isSearching ? trans('Searching...') : trans('There are no items matching your query')}
            </p>
          )}
        >
          {(artist) => (
            <ListBoxItem
              id={artist.id}
              textValue={artist.name}
              className="cursor-pointer rounded-md px-3 py-2 text-sm outline-none data-focused:bg-fg-base/8 data-selected:font-medium"
            >
              {artist.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
