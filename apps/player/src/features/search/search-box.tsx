import { useTrans } from '@cadence/app-shell/use-trans';
import { type ComponentType, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SEARCH_INPUT_ID, SearchFieldIcon, searchInputClasses } from './search-field';
import type { SearchTypeaheadProps } from './search-typeahead';

let typeaheadModule: Promise<typeof import('./search-typeahead')> | undefined;
const loadTypeahead = () => {
  // A failed load is forgotten, so the next focus imports again instead of reusing the rejection.
  typeaheadModule ??= import('./search-typeahead').catch((error: unknown) => {
    typeaheadModule = undefined;
    throw error;
  });
  return typeaheadModule;
};

/**
 * The top bar's search field. It starts as a plain input (no react-aria in the first route's
 * JavaScript) and turns into the suggestions combobox once the pointer comes near or it takes
 * focus; text typed meanwhile, the caret and the focus carry over. Enter opens the results page.
 */
export function SearchBox() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const location = useLocation();
  const [text, setText] = useState(() => decodeSearchPath(location.pathname));
  const [typeahead, setTypeahead] = useState<{
    Component: ComponentType<SearchTypeaheadProps>;
    takeOver: SearchTypeaheadProps['takeOver'];
  } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const isLoading = useRef(false);
  // The plain field's caret while it has focus, kept current on every keystroke: the combobox
  // reads it when it mounts, so keys typed between the chunk's arrival and the swap still count.
  const caret = useRef<Caret | null>(null);
  const composing = useRef(false);
  const swapAfterComposition = useRef<(() => void) | null>(null);
  const trackCaret = (event: { currentTarget: HTMLInputElement }) => {
    const input = event.currentTarget;
    caret.current = {
      start: input.selectionStart ?? input.value.length,
      end: input.selectionEnd ?? input.value.length,
    };
  };

  const upgrade = () => {
    if (isLoading.current) return;
    isLoading.current = true;
    void loadTypeahead().then(
      ({ SearchTypeahead }) => {
        const swap = () => setTypeahead({ Component: SearchTypeahead, takeOver: () => caret.current });
        // Replacing the field mid-composition (an IME's pending syllable) would drop it: wait for its end.
        if (composing.current) swapAfterComposition.current = swap;
        else swap();
      },
      () => {
        // Offline or a stale deploy: the plain field keeps working, the next focus tries again.
        isLoading.current = false;
      },
    );
  };
  const openResults = () => {
    const trimmed = text.trim();
    navigate(trimmed ? `/search/${encodeURIComponent(trimmed)}` : '/search');
  };

  return (
    <search className="w-full max-w-md">
      {typeahead ? (
        <typeahead.Component
          text={text}
          onTextChange={setText}
          onSubmit={openResults}
          takeOver={typeahead.takeOver}
        />
      ) : (
        <div className="relative">
          <SearchFieldIcon />
          <input
            ref={inputRef}
            id={SEARCH_INPUT_ID}
            type="text"
            autoComplete="off"
            aria-label={trans('Search')}
            placeholder={trans('Search')}
            value={text}
            onChange={(event) => {
              trackCaret(event);
              setText(event.target.value);
            }}
            onSelect={trackCaret}
            onCompositionStart={() => {
              composing.current = true;
            }}
            onCompositionEnd={(event) => {
              composing.current = false;
              trackCaret(event);
              swapAfterComposition.current?.();
              swapAfterComposition.current = null;
            }}
            onPointerEnter={upgrade}
            onFocus={(event) => {
              trackCaret(event);
              upgrade();
            }}
            onBlur={() => {
              caret.current = null;
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') openResults();
            }}
            className={searchInputClasses}
          />
        </div>
      )}
    </search>
  );
}

type Caret = { start: number; end: number };

function decodeSearchPath(pathname: string): string {
  const match = /^\/search\/([^/]+)/.exec(pathname);
  if (!match?.[1]) return '';
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return '';
  }
}
