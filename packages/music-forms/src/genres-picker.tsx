import { useTrans } from '@cadence/app-shell/use-trans';
import type { TGenre } from '@cadence/contracts/genre';
import type { TPagination } from '@cadence/contracts/pagination';
import { apiClient } from '@cadence/http-client/http-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronDown, X } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import {
  Button,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Tag,
  TagGroup,
  TagList,
} from 'react-aria-components';
import { type FieldValues, type Path, useController, useFormContext } from 'react-hook-form';

type TGenreOption = { id: string; name: string; label: string };

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
  const errorId = useId();
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
    <div className="flex flex-col gap-2">
      <ComboBox
        className="flex max-w-md flex-col gap-1"
        items={items}
        inputValue={text}
        onInputChange={setText}
        selectedKey={null}
        onSelectionChange={(key) => {
          if (key === null) return;
          const option = items.find((item) => item.id === key);
          if (option) field.onChange([...picked, option.name]);
          setText('');
        }}
        onBlur={field.onBlur}
        isInvalid={!!fieldState.error}
        allowsEmptyCollection
        menuTrigger="focus"
      >
        <Label className="text-sm font-medium text-fg">{label}</Label>
        <div className="relative">
          <Input
            ref={field.ref}
            aria-describedby={fieldState.error ? errorId : undefined}
            placeholder={trans('Search...')}
            className={`h-10 w-full rounded-input border bg-paper pr-9 pl-3 text-sm text-fg outline-none focus:border-primary focus:ring-3 focus:ring-focus ${fieldState.error ? 'border-danger' : 'border-divider'}`}
          />
          <Button
            aria-label={trans('Show options')}
            className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-muted"
          >
            <ChevronDown aria-hidden className="size-4" />
          </Button>
        </div>
        <Popover className="max-h-64 w-(--trigger-width) overflow-auto rounded-panel border border-divider bg-paper shadow-lg">
          <ListBox<TGenreOption>
            className="p-1 outline-none"
            renderEmptyState={() => (
              <p className="px-3 py-2 text-sm text-muted">
                {picked.length >= max
                  ? trans('No more genres can be added.')
                  : trans('Type a genre to add it.')}
              </p>
            )}
          >
            {(option) => (
              <ListBoxItem
                id={option.id}
                textValue={option.label}
                className="cursor-pointer rounded px-3 py-2 text-sm text-fg outline-none data-focused:bg-fg-base/8"
              >
                {option.label}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      {picked.length > 0 && (
        <TagGroup
          aria-label={trans(':label selected', { label })}
          onRemove={(keys) => field.onChange(picked.filter((genre) => !keys.has(genre)))}
        >
          <TagList items={picked.map((genre) => ({ id: genre }))} className="flex flex-wrap gap-2">
            {(genre) => (
              <Tag
                id={genre.id}
                textValue={genre.id}
                className="flex items-center gap-1 rounded-full border border-divider bg-bg-alt py-0.5 pr-1 pl-3 text-sm text-fg outline-none data-focus-visible:ring-2 data-focus-visible:ring-primary"
              >
                {genre.id}
                <Button
                  slot="remove"
                  aria-label={trans('Remove :name', { name: genre.id })}
                  className="flex size-6 items-center justify-center rounded-full text-muted hover:bg-divider"
                >
                  <X aria-hidden className="size-3.5" />
                </Button>
              </Tag>
            )}
          </TagList>
        </TagGroup>
      )}
      {fieldState.error && (
        <p id={errorId} className="text-xs text-danger">
          {fieldState.error.message}
        </p>
      )}
    </div>
  );
}
