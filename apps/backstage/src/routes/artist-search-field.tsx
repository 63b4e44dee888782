import { useTrans } from '@cadence/app-shell/use-trans';
import type { TArtist } from '@cadence/contracts/artist';
import type { TPagination } from '@cadence/contracts/pagination';
import { apiClient } from '@cadence/http-client/http-client';
import { TextField } from '@cadence/ui/text-field';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** Finds an existing artist by name (the catalogue's list search) and reports the chosen one. */
export function ArtistSearchField({
  value,
  onChange,
  errorMessage,
}: {
  value: { id: number; name: string } | null;
  onChange: (artist: { id: number; name: string; image: string | null } | null) => void;
  errorMessage?: string;
}) {
  const { trans } = useTrans();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useQuery({
    queryKey: ['backstage', 'artist-search', query],
    queryFn: () => apiClient.get<TPagination<TArtist>>('artists', { params: { query, perPage: 8 } }),
    enabled: query.length > 0,
  });
  if (value)
    return (
      <div className="flex items-center gap-3 rounded-panel border border-divider p-3">
        <span className="flex-1">
          {trans('Artist')}: <strong>{value.name}</strong>
        </span>
        <button type="button" className="text-sm text-primary underline" onClick={() => onChange(null)}>
          {trans('Change artist')}
        </button>
      </div>
    );
  const artists = results.data?.pagination.data ?? [];
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label={trans('Search for the artist')}
        value={text}
        onChange={setText}
        isRequired
        errorMessage={errorMessage}
        validationBehavior="aria"
      />
      {query && (
        <ul aria-label={trans('Matching artists')} aria-live="polite" className="flex flex-col gap-1">
          {artists.map((artist) => (
            <li key={artist.id}>
              <button
                type="button"
                className="w-full rounded px-3 py-2 text-left hover:bg-fg-base/5 focus:bg-fg-base/5"
                onClick={() => onChange({ id: artist.id, name: artist.name, image: artist.image_small })}
              >
                {artist.name}
              </button>
            </li>
          ))}
          {results.isSuccess && artists.length === 0 && (
            <li className="px-3 py-2 text-sm text-muted">
              {trans('There are no items matching your query')}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
