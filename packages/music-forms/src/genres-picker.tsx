import { useTrans } from '@cadence/app-shell/use-trans';
import type { TGenre } from '@cadence/contracts/genre';
import type { TPagination } from '@cadence/contracts/pagination';
import { apiClient } from '@cadence/http-client/http-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { type FieldValues, type Path, useController, useFormContext } from 'react-hook-form';
import { MultiPickField, type TPickItem } from './multi-pick-field';

type TGenreOption = TPickItem & { name: string };

/** The "add what I typed" choice's key prefix: a genre the catalogue does not have yet. */
const NEW = 'new:';

/** The genres whose name matches what was typed, most popular first (the catalogue's own list). */
function useGenreSuggestions(text: string) {
  const query = useDeferredValue(text.trim());
  return useQuery({
    queryKey: ['genres', 'picker', query],
    queryFn: () =>
      apiClient.get<TPagination<TGenre>>('genres', {
        params: { perPage: 20, orderBy: 'popularity', orderDir: 'desc', ...(query ? { query } : {}) },
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/**
 * The genres of a track or album (names, as the api takes them): a searchable combobox suggests
 * the catalogue's genres as you type and offers to add a new one; the picks show as tags removed
 * with their button or Backspace/Delete. A bound react-hook-form field, keyboard complete.
 */
export function FormGenresPicker<T extends FieldValues>({
  name,
  label,
  max = 20,
}: {
  name: Path<T>;
  label: string;
  /** The contract's limit: no more picks are offered once reached. */
  max?: number;
}) {
  const { trans } = useTrans();
  const { control } = useFormContext<T>();
  const { field, fieldState } = useController({ name, control });
  const picked = Array.isArray(field.value) ? (field.value as string[]) : [];
  const [text, setText] = useState('');
  const suggestions = useGenreSuggestions(text);
  const typed = text.trim();
  const isPicked = (genre: string) => picked.some((each) => each.toLowerCase() === genre.toLowerCase());
  const known = (suggestions.data?.pagination.data ?? []).filter((genre) => !isPicked(genre.name));
  const items: TGenreOption[] =
    picked.length >= max
      ? []
      : [
          ...(typed &&
          !isPicked(typed) &&
          !known.some((genre) => genre.name.toLowerCase() === typed.toLowerCase())
            ? [{ id: `${NEW}${typed}`, name: typed, label: trans('Add “:name”', { name: typed }) }]
            : []),
          ...known.map((genre) => ({
            id: genre.name,
            name: genre.name,
            label: genre.display_name || genre.name,
          })),
        ];

  return (
    <MultiPickField
      label={label}
      items={items}
      picked={picked.map((genre) => ({ id: genre, label: genre }))}
      text={text}
      onTextChange={setText}
      onPick={(id) => {
        const option = items.find((item) => item.id === id);
        if (option) field.onChange([...picked, option.name]);
      }}
      onRemove={(ids) => field.onChange(picked.filter((genre) => !ids.has(genre)))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      errorMessage={fieldState.error?.message}
      emptyMessage={
        picked.length >= max ? trans('No more genres can be added.') : trans('Type a genre to add it.')
      }
    />
  );
}
