import { useTrans } from '@cadence/app-shell/use-trans';
import type { TSuggestion } from '@cadence/contracts/search';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useContext, useLayoutEffect, useRef } from 'react';
import { ComboBox, ComboBoxStateContext, Input, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { albumUrl, artistUrl, trackUrl } from '../catalogue/urls';
import { Artwork } from '../player-ui/track-artwork';
import { SEARCH_INPUT_ID, SearchFieldIcon, searchInputClasses } from './search-field';
import { suggestionsQuery } from './search-queries';
import { useDebouncedValue } from './use-debounced-value';

function suggestionUrl(item: TSuggestion): string {
  if (item.type === 'artist') return artistUrl(item);
  if (item.type === 'album') return albumUrl(item, item.subtitle ?? '');
  return trackUrl(item);
}

const typeLabels: Record<TSuggestion['type'], string> = { track: 'Track', album: 'Album', artist: 'Artist' };

export type SearchTypeaheadProps = {
  text: string;
  onTextChange: (text: string) => void;
  /** Enter with no suggestion highlighted: the full results page. */
  onSubmit: () => void;
  /** Reads, when the combobox mounts, the caret of the plain field it replaces (null: not focused). */
  takeOver: () => { start: number; end: number } | null;
};

/**
 * Suggestions as you type (loaded by `SearchBox` on first use). The list opens on the first
 * keystroke and says "Searching..." until the suggestions for the current text arrive, or that
 * there are none; arrows + Enter open one, Escape closes it.
 */
export function SearchTypeahead({ text, onTextChange, onSubmit, takeOver }: SearchTypeaheadProps) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const trimmed = text.trim();
  const query = useDebouncedValue(trimmed, 200);
  const suggestions = useQuery(suggestionsQuery(query));
  const items = trimmed && query ? (suggestions.data?.results ?? []) : [];
  const isSearching = trimmed !== query || suggestions.isFetching;
  return (
    <ComboBox
      aria-label={trans('Search')}
      inputValue={text}
      onInputChange={onTextChange}
      items={items}
      allowsCustomValue
      menuTrigger="input"
      // An empty list stays open while there is text, to say "searching" or "no results".
      allowsEmptyCollection={trimmed !== ''}
      onSelectionChange={(key) => {
        const item = items.find((candidate) => `${candidate.type}-${candidate.id}` === key);
        if (item) navigate(suggestionUrl(item));
      }}
      className="relative"
    >
      <SearchFieldIcon />
      <Input
        ref={inputRef}
        id={SEARCH_INPUT_ID}
        placeholder={trans('Search')}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.currentTarget.getAttribute('aria-activedescendant')) onSubmit();
        }}
        className={searchInputClasses}
      />
      <TakeOver inputRef={inputRef} takeOver={takeOver} />
      <Popover
        placement="bottom start"
        className="w-(--trigger-width) overflow-auto rounded-panel bg-paper shadow-xl ring-1 ring-divider"
      >
        <ListBox<TSuggestion>
          className="max-h-96 p-1 outline-none"
          data-testid="search-suggestions"
          renderEmptyState={() => (
            <p className="px-3 py-2 text-sm text-muted" aria-live="polite">
              {isSearching ? trans('Searching...') : trans('No results for ":query"', { query: trimmed })}
            </p>
          )}
        >
          {(item) => (
            <ListBoxItem
              id={`${item.type}-${item.id}`}
              textValue={item.name}
              className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 outline-none data-focused:bg-fg-base/8"
            >
              <Artwork
                src={item.image}
                className="size-9"
                rounded={item.type === 'artist' ? 'rounded-full' : 'rounded'}
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm">{item.name}</span>
                <span className="block truncate text-xs text-muted">
                  {trans(typeLabels[item.type])}
                  {item.subtitle ? ` · ${item.subtitle}` : ''}
                </span>
              </span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

/**
 * Replacing the plain field must not cost the user anything: focus and caret move over in the
 * same commit (no keystroke lands in between), and text typed meanwhile opens the list.
 */
function TakeOver({
  inputRef,
  takeOver,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  takeOver: SearchTypeaheadProps['takeOver'];
}) {
  const state = useContext(ComboBoxStateContext);
  const done = useRef(false);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (done.current || !input) return;
    done.current = true;
    const caret = takeOver();
    if (!caret) return;
    input.focus();
    input.setSelectionRange(caret.start, caret.end);
    if (input.value.trim()) state?.open(null, 'input');
  }, [inputRef, takeOver, state]);
  return null;
}
