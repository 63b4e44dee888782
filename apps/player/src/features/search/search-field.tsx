import { icon } from '@cadence/app-shell/icon';

/** The search input's id and look, shared by the plain box and the lazily loaded typeahead. */
export const SEARCH_INPUT_ID = 'site-search';

export const searchInputClasses =
  'h-10 w-full rounded-input bg-chip pr-3 pl-9 text-sm text-fg outline-none placeholder:text-muted focus:ring-2 focus:ring-focus';

export function SearchFieldIcon() {
  return icon('search', {
    className: 'pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted',
  });
}
